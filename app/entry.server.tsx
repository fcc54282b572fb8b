import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { type AppLoadContext, type EntryContext, isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "./lib/nonce";

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  let shellRendered = false;
  const nonce = loadContext.cspNonce;
  const body = await renderToReadableStream(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      nonce,
      signal: request.signal,
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors before the shell is ready are reported by the error boundary; later ones are logged.
        if (shellRendered) console.error(error);
      },
    },
  );
  shellRendered = true;

  // Crawlers and SPA-mode generation get the whole document at once.
  if ((request.headers.get("user-agent") && isbot(request.headers.get("user-agent"))) || routerContext.isSpaMode) {
    await body.allReady;
  }

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Unexpected errors in loaders, actions and rendering: one JSON log line with the request id.
 * React Router also reports its own 4xx answers here (a method a page does not take, say): those
 * are the client's mistakes, already in the request's log line.
 */
export function handleError(error: unknown, { request, context }: { request: Request; context: AppLoadContext }) {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  console.error(
    JSON.stringify({
      level: "error",
      requestId: context.app?.requestId,
      path: new URL(request.url).pathname,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    }),
  );
}
