/**
 * The SDK's HTTP side: an error answer becomes a TableError with a code the
 * pages have words for in every language, never the server's English text.
 */
import { describe, expect, it } from "vitest";
import { getSnapshot, TableError } from "../../src/client/sdk/index.ts";

/** A fetch that always answers `response`. */
const answering = (response: () => Response) => (async () => response()) as unknown as typeof fetch;

async function refusal(fetcher: typeof fetch): Promise<TableError> {
  const error = await getSnapshot("https://checkers.example", "DDDDDDDDDDDDDDDD", fetcher).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(TableError);
  return error as TableError;
}

describe("an error answer to getSnapshot", () => {
  it("in the API's format: its code", async () => {
    const body = { error: { code: "table-not-found", message: "no such table" } };
    const error = await refusal(answering(() => Response.json(body, { status: 404 })));
    expect(error.code).toBe("table-not-found");
  });

  it("in another format: internal-error for a 5xx (a platform's error page), else bad-request", async () => {
    const page = (status: number) => () => new Response("<html>Bad gateway</html>", { status });
    expect((await refusal(answering(page(502)))).code).toBe("internal-error");
    expect((await refusal(answering(page(503)))).code).toBe("internal-error");
    expect((await refusal(answering(page(404)))).code).toBe("bad-request");
  });
});
