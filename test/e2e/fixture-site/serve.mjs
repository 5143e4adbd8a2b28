/**
 * The site's own web server: its pages and their scripts, from this folder,
 * on 127.0.0.1 at a port of its own, so another origin than the service's.
 * `%SERVICE%` in a page is the service's address (BASE_URL), as a site's
 * templates would put it. Prints its own address when it listens.
 *   BASE_URL=http://127.0.0.1:8787 PORT=0 node serve.mjs
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { extname } from "node:path";
import { baseUrl } from "./service.mjs";

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".map": "application/json" };

const server = createServer(async (request, response) => {
  const path = new URL(request.url ?? "/", "http://site").pathname;
  const file = path === "/" ? "index.html" : path.slice(1);
  const type = TYPES[extname(file)];
  if (!type || !/^[\w.-]+$/.test(file)) return response.writeHead(404).end();
  try {
    const body = await readFile(new URL(file, import.meta.url), "utf8");
    response.writeHead(200, { "Content-Type": type });
    response.end(type.startsWith("text/html") ? body.replaceAll("%SERVICE%", baseUrl) : body);
  } catch {
    response.writeHead(404).end();
  }
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`http://127.0.0.1:${server.address().port}`);
});
