import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { renderToPipeableStream } from "react-dom/server";
import { NonceContext } from "./lib/nonce.ts";

/**
 * Renders the whole document before answering, plus the CSP nonce: the server's
 * Content-Security-Policy for this document allows inline scripts only with `loadContext.cspNonce`
 * (apps/server/src/core/security-headers.ts), so React's scripts, <ServerRouter>'s hydration and
 * stream-chunk scripts, and — through NonceContext — root.tsx's <Scripts> and <ScrollRestoration>
 * all carry it.
 *
 * Why not stream (React Router's default entry sends the shell first): every loader's data is
 * awaited before rendering (no deferred promises), so the shell is the whole page and streaming
 * gains nothing; the page cache needs the whole body anyway; and the answer as one buffer skips a
 * Node → web → Node stream conversion per chunk, a measurable part of a page-cache miss.
 */
export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = loadContext.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    // Abort after `streamTimeout` so the rejected boundaries still have time to flush.
    const timeoutId = setTimeout(() => abort(), streamTimeout + 1000);
    let shellRendered = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        chunks.push(chunk);
        callback();
      },
      final(callback) {
        clearTimeout(timeoutId);
        responseHeaders.set("Content-Type", "text/html; charset=utf-8");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        callback();
      },
    });

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          pipe(body);
        },
        onShellError(error: unknown) {
          clearTimeout(timeoutId);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A failed boundary is rendered by the client; the page is not kept for other guests.
          loadContext.renderFailed?.();
          // Errors of the shell itself are logged by handleDocumentRequest when the promise rejects.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
