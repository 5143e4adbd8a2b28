/**
 * The browser of the browser tests: the Chromium build that the npm package
 * @sparticuz/chromium ships (a Linux x64 headless shell), so every machine
 * runs the same browser, offline, with nothing installed by hand, and takes
 * comparable screenshots.
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import chromium from "@sparticuz/chromium";

export interface BrowserFiles {
  executablePath: string;
  /** What the browser's environment needs: where its shared libraries and its fonts are. */
  env: Record<string, string>;
}

const entry = createRequire(import.meta.url).resolve("@sparticuz/chromium");
const packageDir = join(dirname(entry), "..");

let unpacked: Promise<BrowserFiles> | undefined;

/**
 * The unpacked browser, unpacked on first use into
 * node_modules/.cache/sparticuz-chromium-<version>/ and kept there.
 *
 * Not the package's own default, /tmp/chromium: that path is shared by every
 * checkout and version on the machine and is taken as ready once it exists,
 * while it is written in place, so a second run could start a half-written
 * browser, or an older version's. Here each version has its own folder, filled
 * in a temporary folder beside it and renamed into place when complete.
 */
export function browserFiles(): Promise<BrowserFiles> {
  unpacked ??= unpack();
  return unpacked;
}

async function unpack(): Promise<BrowserFiles> {
  const { version } = JSON.parse(await readFile(join(packageDir, "package.json"), "utf8")) as { version: string };
  const cache = fileURLToPath(new URL("../../node_modules/.cache/", import.meta.url));
  const dir = join(cache, `sparticuz-chromium-${version}`);
  if (!existsSync(dir)) {
    await mkdir(cache, { recursive: true });
    const staging = await mkdtemp(join(cache, `.sparticuz-chromium-${version}-`));
    try {
      // The package unpacks into os.tmpdir(), so a child process with TMPDIR
      // set to the staging folder unpacks there. The Amazon Linux libraries
      // (NSS, NSPR, expat) are unpacked too, although the package takes them
      // only on Lambda: with them the browser needs nothing of the system but
      // glibc.
      const script = `
        const { default: chromium, inflate } = await import(${JSON.stringify(pathToFileURL(entry).href)});
        await chromium.executablePath();
        await inflate(${JSON.stringify(join(packageDir, "bin", "al2023.tar.br"))});`;
      execFileSync(process.execPath, ["--input-type=module", "--eval", script], {
        env: { ...process.env, TMPDIR: staging },
        stdio: "inherit",
      });
      await rename(staging, dir);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      // Another run finished unpacking first: its folder is as good as ours.
      if (!existsSync(dir)) throw error;
    }
  }
  return {
    executablePath: join(dir, "chromium"),
    env: {
      LD_LIBRARY_PATH: [join(dir, "al2023", "lib"), process.env.LD_LIBRARY_PATH].filter(Boolean).join(":"),
      // DejaVu from node_modules and no system font: the same text on every machine.
      FONTCONFIG_FILE: fileURLToPath(new URL("fonts.conf", import.meta.url)),
    },
  };
}

/**
 * chromium.args without the flags that suit AWS Lambda but would make the
 * browser unlike a user's: --single-process (needed on Lambda only; Chromium
 * keeps it for debugging, and the tests run several visitors in one browser),
 * and the flags that turn off the same-origin policy and site isolation (the
 * embed test puts the table in a cross-origin iframe). Its --disable-features
 * and --enable-features go too: Chromium keeps only the last of a repeated
 * switch, so they would replace playwright's own lists, not add to them.
 *
 * And no GPU: the package draws through SwiftShader, a GPU emulated on the CPU
 * (--use-gl=angle --use-angle=swiftshader), which on these two cores cost
 * twice the CPU of Chromium's own software drawing (--disable-gpu) for the
 * same pages. The pages are SVG and HTML and need no GL (BENCHMARKS.md, "Test
 * time": four e2e files 126-130 s with it, 77-85 s without).
 */
export function browserArgs(): string[] {
  const dropped = [
    "--single-process",
    "--disable-web-security",
    "--allow-running-insecure-content",
    "--disable-site-isolation-trials",
    "--disable-features=",
    "--enable-features=",
    "--use-gl=",
    "--use-angle=",
    "--enable-unsafe-swiftshader",
    "--ignore-gpu-blocklist",
    "--in-process-gpu",
  ];
  return [...chromium.args.filter((arg) => !dropped.some((flag) => arg.startsWith(flag))), "--disable-gpu"];
}
