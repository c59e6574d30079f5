import { ServerRouter, type EntryContext } from "react-router";
import { renderToReadableStream } from "react-dom/server";

/**
 * Used by the build only: ssr is off, so React Router renders index.html once (root.tsx's Layout
 * around the HydrateFallback) and the browser does the rest. The whole document is awaited
 * (allReady): <ServerRouter> streams the hydration data behind a Suspense boundary, and the browser
 * waits for it before starting the router. Having our own entry also spares the console a server
 * runtime package it would never run.
 */
export default async function handleRequest(request: Request, status: number, headers: Headers, context: EntryContext) {
  const stream = await renderToReadableStream(<ServerRouter context={context} url={request.url} />);
  await stream.allReady;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(stream, { status, headers });
}
