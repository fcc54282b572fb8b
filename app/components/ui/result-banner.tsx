import { type ActionResult } from "~/lib/shared/action-result";

/** The outcome of a row action (sweet-alert style title and text), announced to screen readers. */
export function ResultBanner({ result }: { result?: ActionResult }) {
  if (!result) return null;
  return (
    <div
      role={result.ok ? "status" : "alert"}
      className={`mb-6 rounded-2xl p-4 ${result.ok ? "bg-green-50 text-green-900" : "bg-red-50 text-red-900"}`}
    >
      {result.title && <p className="font-bold">{result.title}</p>}
      {result.message && <p>{result.message}</p>}
    </div>
  );
}
