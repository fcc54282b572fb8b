import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Comments say what the code does and why. An issue number or a contract version says neither and
// goes stale once the issue is closed or the contract moves on; decision records, spec points and
// the contract's section names stay, as documents a reader can open.

const ROOT = path.resolve(import.meta.dirname, "..");
const CHECKED_FOLDERS = ["app", "workers", "scripts", "tests"];

/** The word issue and a number (with or without #), or the contract's version: v, 1 and any minor, outside a URL path. */
const CITATION = /\bissues? #?\d|(?<![\w/.-])v1(?:\.\d+)*(?![\w/])/i;
/** Parsing every file takes seconds, so only the files that could hold a citation are parsed. */
const MAY_CITE = /\bissues?\b|\bv1\b/i;

const SCRIPT_KINDS: Record<string, ts.ScriptKind> = { ".ts": ts.ScriptKind.TS, ".tsx": ts.ScriptKind.TSX, ".js": ts.ScriptKind.JS };

interface Comment {
  line: number;
  text: string;
}

/** A file's comments, parsed (so JSX and strings are never taken for one), with runs of line comments joined. */
function commentsOf(fileName: string, source: string): Comment[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, SCRIPT_KINDS[path.extname(fileName)]);
  const ranges = new Map<number, ts.CommentRange>();
  const visit = (node: ts.Node) => {
    for (const range of [
      ...(ts.getLeadingCommentRanges(source, node.pos) ?? []),
      ...(ts.getTrailingCommentRanges(source, node.end) ?? []),
    ]) {
      ranges.set(range.pos, range);
    }
    for (const child of node.getChildren(file)) visit(child);
  };
  visit(file);

  const comments: Comment[] = [];
  let previous: ts.CommentRange | undefined;
  for (const range of [...ranges.values()].sort((a, b) => a.pos - b.pos)) {
    const text = source
      .slice(range.pos, range.end)
      .replace(/^\/\/|^\/\*+|\*+\/$/g, "")
      .replace(/\n\s*\*?/g, " ");
    const continues =
      previous?.kind === ts.SyntaxKind.SingleLineCommentTrivia &&
      range.kind === ts.SyntaxKind.SingleLineCommentTrivia &&
      startsLine(source, previous.pos) &&
      /^[ \t]*\n[ \t]*$/.test(source.slice(previous.end, range.pos));
    if (continues) comments[comments.length - 1].text += ` ${text}`;
    else comments.push({ line: file.getLineAndCharacterOfPosition(range.pos).line + 1, text });
    previous = range;
  }
  return comments.map((comment) => ({ ...comment, text: comment.text.replace(/\s+/g, " ").trim() }));
}

/** Whether only indentation comes before `position` on its line (a comment of its own, not after code). */
function startsLine(source: string, position: number): boolean {
  return /^[ \t]*$/.test(source.slice(source.lastIndexOf("\n", position - 1) + 1, position));
}

function citationsIn(fileName: string, source: string): string[] {
  if (!MAY_CITE.test(source)) return [];
  return commentsOf(fileName, source)
    .filter((comment) => CITATION.test(comment.text))
    .map((comment) => `${fileName}:${comment.line}: ${comment.text}`);
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: "utf8" })
    .filter((name) => !name.split(path.sep).includes("node_modules") && path.extname(name) in SCRIPT_KINDS)
    .map((name) => path.join(folder, name));
}

describe("comments", () => {
  it("finds an issue number or a contract version in any kind of comment, across a run of line comments", () => {
    const source = [
      "/** A paid booking's money (v1.2), amounts in cents. */",
      "const money = 1; // see Issue #20",
      "// The budget grew by half a kilobyte when issue",
      "// 31 put Compare on every card.",
      "export const page = () => <main>{/* optional, so v1 clients keep working */}</main>;",
    ].join("\n");
    expect(citationsIn("sample.tsx", source)).toEqual([
      "sample.tsx:1: A paid booking's money (v1.2), amounts in cents.",
      "sample.tsx:2: see Issue #20",
      "sample.tsx:3: The budget grew by half a kilobyte when issue 31 put Compare on every card.",
      "sample.tsx:5: optional, so v1 clients keep working",
    ]);
  });

  it("lets decision records, spec points, URL paths and code that is not a comment be", () => {
    const source = [
      "// A search's counts may lag by 60 s (decision record 28); the 404 page is spec point 2.",
      "/* Stripe's POST /v1/transfers and Hrana's v2 pipeline; the router cost 1.2 ms. */",
      'const first = result.issues[0] ?? "issue 32";',
      "const v1 = 'v1.2';",
      "export const label = () => <p>Fixed in v1.2, see issue 4</p>;",
    ].join("\n");
    expect(citationsIn("sample.tsx", source)).toEqual([]);
  });

  it(`cite no issue and no contract version in ${CHECKED_FOLDERS.join(", ")}`, () => {
    const files = CHECKED_FOLDERS.flatMap(sourceFiles);
    expect(files.length).toBeGreaterThan(300);
    expect(files.flatMap((file) => citationsIn(file, readFileSync(path.join(ROOT, file), "utf8")))).toEqual([]);
  });
});
