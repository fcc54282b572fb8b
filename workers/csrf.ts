export function isSafeMethod(method: string): boolean {
  return method === "GET" || method === "HEAD" || method === "OPTIONS";
}

/** Form posts and other writes to pages must come from our own origin (CSRF defence besides SameSite). */
export function isCrossSiteWrite(request: Request, origin: string): boolean {
  if (isSafeMethod(request.method)) return false;
  return request.headers.get("origin") !== origin;
}
