// An HTTP/2 front for the audited app, as Cloudflare serves it: TLS with a certificate made for the
// run (Chrome only speaks HTTP/2 over TLS; it is started with --ignore-certificate-errors) and every
// request passed as is to the local app, which speaks HTTP/1.1 only. Lighthouse's simulation
// models the connections it observed: over HTTP/1.1 a page's 25-35 module files queue on six
// connections, each round costing a simulated 150 ms round trip, which production never pays.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import http from "node:http";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import path from "node:path";

export interface Http2Front {
  url: string;
  close(): Promise<void>;
}

// Connection-specific headers HTTP/2 forbids (RFC 9113 section 8.2.2).
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade"]);

/** A self-signed certificate for 127.0.0.1, written into `dir` (openssl, as Debian ships it). */
function certificate(dir: string): { key: Buffer; cert: Buffer } {
  const key = path.join(dir, "front-key.pem");
  const cert = path.join(dir, "front-cert.pem");
  const request = "req -x509 -newkey rsa:2048 -nodes -days 1 -subj /CN=127.0.0.1 -addext subjectAltName=IP:127.0.0.1";
  execFileSync("openssl", [...request.split(" "), "-keyout", key, "-out", cert], { stdio: ["ignore", "ignore", "pipe"] });
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** Starts the front on a free port of 127.0.0.1, in front of `appUrl` (http://127.0.0.1:port). */
export async function startHttp2Front(appUrl: string, dir: string): Promise<Http2Front> {
  const upstream = new URL(appUrl);
  const server = http2.createSecureServer({ ...certificate(dir), allowHTTP1: true }, (request, response) => {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!name.startsWith(":") && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = upstream.host;
    const forward = http.request(
      { host: upstream.hostname, port: upstream.port, method: request.method, path: request.url, headers },
      (answer) => {
        const answerHeaders: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_BY_HOP.has(name)) answerHeaders[name] = value;
        }
        response.writeHead(answer.statusCode ?? 502, answerHeaders);
        answer.pipe(response);
      },
    );
    forward.on("error", (error) => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
      response.end(`The app did not answer: ${error.message}`);
    });
    request.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
