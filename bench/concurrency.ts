/**
 * Runs `work(0 … count-1)`, `concurrency` at a time: each lane takes the next index as soon as its
 * previous one ends (a crowd of clients, each making room for the next). Resolves when all are done.
 */
export async function eachInTurn(count: number, concurrency: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (let index = next++; index < count; index = next++) await work(index);
    }),
  );
}
