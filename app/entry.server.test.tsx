import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { type AppContext } from "./.server/context";
import { handleError } from "./entry.server";

const context = { app: { requestId: "req-1" } as AppContext, cspNonce: "n", cloudflare: {} as never };
const request = new Request("http://localhost/login", { method: "OPTIONS" });

afterEach(() => vi.restoreAllMocks());

describe("the server's error log", () => {
  it("leaves out React Router's 4xx answers (the client's mistakes), which used to log [object Object]", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    // What React Router passes for a method a page does not take: an error response, not an Error.
    const methodNotAllowed = new ErrorResponse(405, "Method Not Allowed", new Error('Invalid request method "OPTIONS"'), true);
    handleError(methodNotAllowed, { request, context });
    expect(log).not.toHaveBeenCalled();
  });

  it("logs a real failure once, as JSON with the request id, name and message", () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    handleError(new TypeError("boom"), { request, context });
    expect(log).toHaveBeenCalledOnce();
    expect(JSON.parse(log.mock.calls[0][0] as string)).toMatchObject({
      level: "error",
      requestId: "req-1",
      path: "/login",
      error: "TypeError: boom",
    });
  });
});
