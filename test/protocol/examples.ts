/**
 * The JSON examples of docs/protocol.md, by section, so that the tests hold
 * the document to the schemas. A block is one JSON value, or one value per
 * line. Members named "…" mark an elision in the document and are dropped.
 */
import { readFileSync } from "node:fs";

const doc = readFileSync(new URL("../../docs/protocol.md", import.meta.url), "utf8");

/** The examples in the ```json blocks of the section headed `heading` (up to the next heading). */
export function examples(heading: string): unknown[] {
  const start = doc.indexOf(`${heading}\n`);
  if (start === -1) throw new Error(`docs/protocol.md has no section "${heading}"`);
  const end = doc.slice(start + heading.length).search(/^#/m);
  const section = doc.slice(start, end === -1 ? undefined : start + heading.length + end);
  return [...section.matchAll(/^```json\n([\s\S]*?)^```$/gm)].flatMap(([, block]) => values(block ?? ""));
}

/** The body of the `POST /api/tables` example. */
export function createRequestBody(): unknown {
  const request = /^```http\nPOST \/api\/tables\n[\s\S]*?\n\n([\s\S]*?)^```$/m.exec(doc);
  if (!request) throw new Error("docs/protocol.md has no POST /api/tables example");
  return parse(request[1] ?? "");
}

/** The body of the `POST /api/tables/<id><route>` example (e.g. `/handover`). */
export function requestBody(route: string): unknown {
  const escaped = route.replace(/[/]/g, "\\/");
  const request = new RegExp(
    `^\`\`\`http\\nPOST \\/api\\/tables\\/[\\w-]+${escaped}\\n[\\s\\S]*?\\n\\n([\\s\\S]*?)^\`\`\`$`,
    "m",
  ).exec(doc);
  if (!request) throw new Error(`docs/protocol.md has no POST /api/tables/:id${route} example`);
  return parse(request[1] ?? "");
}

function values(block: string): unknown[] {
  try {
    return [parse(block)];
  } catch {
    return block
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map(parse);
  }
}

function parse(text: string): unknown {
  return JSON.parse(text, (key, value) => (key === "…" ? undefined : value));
}
