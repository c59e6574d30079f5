/**
 * Runs a command-line entry point (npm run build / seed / migrate / staff / backup / restore) and
 * exits with the code its main returns. A thrown error is the operator's message: printed as
 * `✘ <message>`, then the usage when there is one, and the exit code is 1.
 */
export function runCommand(main: () => Promise<number>, usage?: string): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`✘ ${error instanceof Error ? error.message : String(error)}`);
      if (usage) console.error(usage);
      process.exit(1);
    },
  );
}
