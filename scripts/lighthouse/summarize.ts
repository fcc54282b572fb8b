// Turns a Lighthouse result (LHR) into what `npm run lighthouse` prints and saves: the four
// category scores against their targets, and the audits that cost points or that Lighthouse shows
// as failed, each with enough detail (element, asset, source line) to go and fix it.
import type { Result } from "lighthouse";

export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type CategoryId = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<CategoryId, string> = {
  performance: "Performance",
  accessibility: "Accessibility",
  "best-practices": "Best Practices",
  seo: "SEO",
};

/** The goals (0–100): a miss is reported, it does not fail the command. */
export const TARGETS: Record<CategoryId, number> = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
};

/**
 * Transport-security audits. The audited front is https://127.0.0.1 with a certificate made for the
 * run (Chrome is told to accept it) and Lighthouse skips redirects-http on localhost, so those two say
 * nothing about production; the header audits (HSTS, COOP, XFO, CSP) do read the headers the Worker
 * sent ("no findings" = nothing to report).
 */
const LOCALHOST_SENSITIVE_AUDITS = ["is-on-https", "redirects-http", "has-hsts", "origin-isolation", "clickjacking-mitigation", "csp-xss"];

/** Lighthouse's own line between "passed" and "failed" for audits that are scored but not weighted. */
const PASS_THRESHOLD = 0.9;
const MAX_ITEMS = 6;
const MAX_TEXT = 220;

export interface FailingAudit {
  id: string;
  title: string;
  /** 0–1, or null for an audit that errored. */
  score: number | null;
  scoreDisplayMode: string;
  /** The categories the audit belongs to, with its weight there (a weight of 0 costs no points). */
  categories: { category: CategoryId; weight: number }[];
  displayValue?: string;
  /** The offending elements, assets or source lines, as short text. */
  items: string[];
  /** How many items the details held in all (only the first few are listed). */
  itemCount: number;
  explanation?: string;
  errorMessage?: string;
  warnings?: string[];
}

export interface PageSummary {
  name: string;
  path: string;
  url: string;
  finalUrl?: string;
  signedIn: boolean;
  scores: Partial<Record<CategoryId, number | null>>;
  pass: Partial<Record<CategoryId, boolean>>;
  failingAudits: FailingAudit[];
  /** Lighthouse's warnings about the run itself (e.g. a redirect, an interstitial). */
  runWarnings: string[];
  /**
   * How the audits that judge transport security came out: is-on-https passes on the run's own
   * certificate and redirects-http does not apply on localhost, so they say nothing about production.
   */
  localhostCaveats?: Record<string, string>;
  /** Set when Lighthouse could not audit the page (the scores are then missing). */
  runtimeError?: { code: string; message: string };
  reportHtml?: string;
  /** Runs whose trace came out wrong and were run again (see TRANSIENT_ERRORS). */
  failedAttempts?: { code: string; message: string; traceKeyEvents?: unknown[] }[];
  /** build/ changed while the page was audited (another build on this checkout): the result is not trustworthy. */
  buildChangedDuringRun?: boolean;
  /** With --runs N: every run's performance score (the summary is the median run). */
  performanceRuns?: number[];
  metrics?: Record<string, string | undefined>;
}

export function summarizePage(page: { name: string; path: string; url: string; signedIn: boolean }, lhr: Result): PageSummary {
  const scores: PageSummary["scores"] = {};
  const pass: PageSummary["pass"] = {};
  const membership = new Map<string, { category: CategoryId; weight: number }[]>();
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category) continue;
    const score = category.score === null ? null : Math.round(category.score * 100);
    scores[id] = score;
    pass[id] = score !== null && score >= TARGETS[id];
    for (const ref of category.auditRefs) {
      const list = membership.get(ref.id) ?? [];
      list.push({ category: id, weight: ref.weight });
      membership.set(ref.id, list);
    }
  }

  const failingAudits: FailingAudit[] = [];
  for (const [id, categories] of membership) {
    const audit = lhr.audits[id];
    if (!audit) continue;
    const weighted = categories.some((entry) => entry.weight > 0);
    const errored = audit.scoreDisplayMode === "error";
    const scored = ["binary", "numeric", "metricSavings"].includes(audit.scoreDisplayMode) && audit.score !== null;
    // A weighted audit below 1 costs points; an unweighted one is shown failed by Lighthouse below 0.9.
    const failing = errored || (scored && audit.score! < (weighted ? 1 : PASS_THRESHOLD));
    if (!failing) continue;
    const { items, itemCount } = describeDetails(audit.details);
    failingAudits.push({
      id,
      title: audit.title,
      score: audit.score,
      scoreDisplayMode: audit.scoreDisplayMode,
      categories,
      displayValue: audit.displayValue || undefined,
      items,
      itemCount,
      explanation: audit.explanation ? clip(audit.explanation) : undefined,
      errorMessage: audit.errorMessage ? clip(audit.errorMessage) : undefined,
      warnings: audit.warnings?.length ? audit.warnings.map((warning) => clip(String(warning))) : undefined,
    });
  }
  // Worst first, those that cost points before those that do not.
  failingAudits.sort((a, b) => {
    const weight = (audit: FailingAudit) => Math.max(...audit.categories.map((entry) => entry.weight));
    return Number(weight(b) > 0) - Number(weight(a) > 0) || (a.score ?? -1) - (b.score ?? -1) || weight(b) - weight(a);
  });

  const metrics: Record<string, string | undefined> = {};
  for (const id of [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
  ]) {
    metrics[id] = lhr.audits[id]?.displayValue;
  }

  const localhostCaveats: Record<string, string> = {};
  for (const id of LOCALHOST_SENSITIVE_AUDITS) {
    const audit = lhr.audits[id];
    if (!audit) continue;
    const local = id === "is-on-https" || id === "redirects-http";
    localhostCaveats[id] =
      audit.scoreDisplayMode === "notApplicable"
        ? local
          ? "not applicable on localhost"
          : "no findings"
        : audit.score === null
          ? audit.scoreDisplayMode
          : audit.score >= 1
            ? id === "is-on-https"
              ? "pass (on the run's own certificate)"
              : "pass"
            : `fail${audit.displayValue ? ` (${audit.displayValue})` : ""}`;
  }

  return {
    ...page,
    finalUrl: lhr.finalDisplayedUrl,
    localhostCaveats,
    scores,
    pass,
    failingAudits,
    runWarnings: lhr.runWarnings.map((warning) => clip(String(warning))),
    runtimeError: lhr.runtimeError ? { code: lhr.runtimeError.code, message: lhr.runtimeError.message } : undefined,
    metrics,
  };
}

// ---- details → short text ----

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function clip(text: string, max = MAX_TEXT): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** The rows of an audit's details (tables, opportunities, checklists, insight lists) as short lines. */
export function describeDetails(details: unknown): { items: string[]; itemCount: number } {
  const lines: string[] = [];
  let itemCount = 0;
  const visit = (value: unknown, prefix = "") => {
    if (!isObject(value)) return;
    switch (value.type) {
      case "list":
        // Insight audits: a list of sub-details (tables, checklists), sometimes with titles.
        for (const section of (value.items as unknown[]) ?? []) {
          // Text sections are notes (e.g. "no origins were preconnected"), not findings.
          if (isObject(section) && isObject(section.value) && section.value.type === "text") continue;
          if (isObject(section) && isObject(section.value)) {
            visit(section.value, section.title ? `${clip(String(section.title), 60)}: ` : prefix);
          } else {
            visit(section, prefix);
          }
        }
        return;
      case "table":
      case "opportunity": {
        const rows = (value.items as unknown[]) ?? [];
        itemCount += rows.length;
        const headings = (value.headings as Json[] | undefined) ?? [];
        for (const row of rows) {
          if (lines.length >= MAX_ITEMS) break;
          if (isObject(row)) lines.push(prefix + describeRow(row, headings));
        }
        return;
      }
      case "checklist": {
        for (const [key, entry] of Object.entries((value.items as Json) ?? {})) {
          if (!isObject(entry) || entry.value !== false) continue;
          itemCount += 1;
          if (lines.length < MAX_ITEMS) lines.push(prefix + clip(`not met: ${String(entry.label ?? key)}`));
        }
        return;
      }
      case "network-tree": {
        // The longest chain of critical requests, request by request.
        const steps: string[] = [];
        let level = (value.chains as Json | undefined) ?? {};
        while (Object.keys(level).length) {
          const nodes = Object.values(level).filter(isObject);
          const next = nodes.find((node) => node.isLongest) ?? nodes[0];
          if (!next) break;
          const size = typeof next.transferSize === "number" ? `, ${(next.transferSize / 1024).toFixed(1)} KiB` : "";
          steps.push(`${String(next.url)} (${Math.round(Number(next.navStartToEndTime))} ms${size})`);
          level = (next.children as Json | undefined) ?? {};
        }
        const longest = value.longestChain as Json | undefined;
        const total = longest && typeof longest.duration === "number" ? `${Math.round(longest.duration)} ms: ` : "";
        if (steps.length) lines.push(prefix + `longest critical chain ${total}${steps.join(" → ")}`);
        itemCount += 1;
        return;
      }
      case "node":
        itemCount += 1;
        lines.push(prefix + describeNode(value));
        return;
      case "text":
        if (typeof value.value === "string") lines.push(prefix + clip(value.value));
        return;
      default:
        return;
    }
  };
  visit(details);
  return { items: lines.slice(0, MAX_ITEMS), itemCount: Math.max(itemCount, lines.length) };
}

function describeNode(node: Json): string {
  const parts = [
    node.selector ? `\`${String(node.selector)}\`` : undefined,
    node.nodeLabel && node.nodeLabel !== node.selector ? `“${clip(String(node.nodeLabel), 60)}”` : undefined,
    !node.selector && node.snippet ? clip(String(node.snippet), 100) : undefined,
    node.explanation ? `— ${clip(String(node.explanation), 160)}` : undefined,
  ];
  return clip(parts.filter(Boolean).join(" "));
}

function describeValue(value: unknown, valueType?: string): string | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  if (isObject(value)) {
    switch (value.type) {
      case "node":
        return describeNode(value);
      case "source-location":
        return `${String(value.url)}:${Number(value.line) + 1}:${Number(value.column) + 1}`;
      case "url":
      case "code":
      case "link":
        return String(value.value ?? value.text ?? "");
      case "text":
        return String(value.value);
      case "numeric":
        return String(value.value);
      case "subitems":
        return undefined;
      default:
        if ("formattedDefault" in value) return String(value.formattedDefault);
        if ("i18nId" in value) return String(value.formattedDefault ?? value.i18nId);
        return undefined;
    }
  }
  if (typeof value === "number") {
    if (valueType === "bytes") return `${(value / 1024).toFixed(1)} KiB`;
    if (valueType === "ms" || valueType === "timespanMs") return `${Math.round(value)} ms`;
    return String(Math.round(value * 1000) / 1000);
  }
  return String(value);
}

/** One table row: its node/url/source first, then the other columns as label=value. */
function describeRow(row: Json, headings: Json[]): string {
  const parts: string[] = [];
  const used = new Set<string>();
  for (const key of ["node", "url", "source", "sourceLocation", "entity", "label", "description", "reason", "failureReason"]) {
    const text = describeValue(row[key]);
    if (text) {
      parts.push(key === "url" || key === "node" || key === "source" || key === "sourceLocation" ? text : `${key}: ${text}`);
      used.add(key);
    }
  }
  for (const heading of headings) {
    const key = String(heading.key ?? "");
    if (!key || used.has(key) || !(key in row)) continue;
    const text = describeValue(row[key], String(heading.valueType ?? heading.itemType ?? ""));
    if (!text) continue;
    const label = typeof heading.label === "string" && heading.label ? heading.label : key;
    parts.push(`${label}: ${clip(text, 80)}`);
    used.add(key);
  }
  if (!parts.length) {
    for (const [key, value] of Object.entries(row)) {
      const text = typeof value === "string" || typeof value === "number" ? describeValue(value) : undefined;
      if (text) parts.push(`${key}: ${clip(text, 80)}`);
      if (parts.length >= 3) break;
    }
  }
  return clip(parts.join(" · "), 300);
}

// ---- console output ----

export function formatScoreTable(pages: PageSummary[]): string {
  const header = [
    "Page",
    ...CATEGORIES.map((id) => `${CATEGORY_LABELS[id]} (${id === "performance" ? "≥" : ""}${TARGETS[id]})`),
    "All targets",
  ];
  const rows = pages.map((page) => {
    if (page.runtimeError) return [page.path, ...CATEGORIES.map(() => "error"), "ERROR"];
    const cells = CATEGORIES.map((id) => {
      const score = page.scores[id];
      return score === undefined || score === null ? "n/a FAIL" : `${score} ${page.pass[id] ? "PASS" : "FAIL"}`;
    });
    const all = CATEGORIES.every((id) => page.pass[id]);
    return [page.path, ...cells, page.buildChangedDuringRun ? "INVALID (build changed)" : all ? "PASS" : "FAIL"];
  });
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column].length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(" | ")} |`;
  return [line(header), `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`, ...rows.map(line)].join("\n");
}

export function formatFailingAudits(page: PageSummary): string {
  const out: string[] = [];
  const title = `${page.path}${page.signedIn ? " (signed in)" : ""}`;
  if (page.runtimeError) {
    out.push(`${title}: Lighthouse could not audit the page: ${page.runtimeError.code} ${page.runtimeError.message}`);
    return out.join("\n");
  }
  if (page.metrics) {
    const metric = (id: string, label: string) => `${label} ${page.metrics?.[id] ?? "?"}`;
    out.push(
      `${title} — ${metric("first-contentful-paint", "FCP")}, ${metric("largest-contentful-paint", "LCP")}, ` +
        `${metric("total-blocking-time", "TBT")}, ${metric("cumulative-layout-shift", "CLS")}, ${metric("speed-index", "SI")}`,
    );
  } else {
    out.push(title);
  }
  if (page.buildChangedDuringRun) out.push("  ⚠ build/ changed while this page was audited (another build): not a valid result");
  for (const warning of page.runWarnings) out.push(`  run warning: ${warning}`);
  if (page.localhostCaveats && Object.keys(page.localhostCaveats).length) {
    const notes = Object.entries(page.localhostCaveats)
      .map(([id, verdict]) => `${id} ${verdict}`)
      .join(", ");
    out.push(`  transport security on https://127.0.0.1 (the run's own certificate, not production's): ${notes}`);
  }
  if (page.performanceRuns) out.push(`  performance per run: ${page.performanceRuns.join(", ")} (the median run is shown)`);
  for (const attempt of page.failedAttempts ?? []) out.push(`  a run failed and was repeated: ${attempt.code}`);
  if (!page.failingAudits.length) {
    out.push("  no failing audits");
    return out.join("\n");
  }
  for (const audit of page.failingAudits) {
    const where = audit.categories
      .map((entry) => `${CATEGORY_LABELS[entry.category]}${entry.weight > 0 ? ` w${entry.weight}` : ", unweighted"}`)
      .join("; ");
    const score = audit.score === null ? "error" : `score ${Math.round(audit.score * 100) / 100}`;
    out.push(`  ✗ ${audit.id} — ${audit.title} [${score}; ${where}]${audit.displayValue ? ` — ${audit.displayValue}` : ""}`);
    if (audit.errorMessage) out.push(`      error: ${audit.errorMessage}`);
    if (audit.explanation) out.push(`      ${audit.explanation}`);
    for (const item of audit.items) out.push(`      • ${item}`);
    if (audit.itemCount > audit.items.length) out.push(`      … ${audit.itemCount - audit.items.length} more`);
    for (const warning of audit.warnings ?? []) out.push(`      warning: ${warning}`);
  }
  return out.join("\n");
}
