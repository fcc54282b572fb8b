import { useState } from "react";
import { useLocation } from "react-router";
import { formatCents, formatPrice } from "~/lib/shared/format";
import { estimateLoan, LOAN_TERMS, loanInputFrom } from "~/lib/catalog/loan";

type FieldName = "deposit" | "term" | "apr";

const fieldClass = "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 aria-[invalid=true]:border-red-600";

/**
 * What the car costs a month on a loan: deposit, term and yearly rate (the price from the page).
 * With JavaScript it answers as the fields change; without, the form is a GET to this page, which
 * renders the answer from the URL (a URL with a query is never a page the cache keeps: decision 19).
 */
export function PaymentCalculator({ price }: { price: number }) {
  const { search } = useLocation();
  const initial = loanInputFrom(new URLSearchParams(search), price);
  const [fields, setFields] = useState<Record<FieldName, string>>({
    deposit: String(initial.deposit),
    term: String(initial.months),
    apr: String(initial.apr),
  });
  const estimate = estimateLoan({ price, deposit: Number(fields.deposit), months: Number(fields.term), apr: Number(fields.apr) });
  const errorOf = (name: FieldName) => (!estimate.ok && estimate.field === name ? estimate.message : null);
  // The props every field shares: its name, id, value, state and message.
  const control = (name: FieldName) => {
    const error = errorOf(name);
    return {
      id: `calculator-${name}`,
      name,
      value: fields[name],
      onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
        setFields((now) => ({ ...now, [name]: event.target.value })),
      className: fieldClass,
      "aria-invalid": error ? true : undefined,
      "aria-describedby": error ? `calculator-${name}-error` : undefined,
    };
  };
  return (
    <section id="calculator" aria-labelledby="calculator-heading" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="calculator-heading" className="mb-1 text-xl font-bold">
        Monthly payments
      </h2>
      <p className="mb-4 text-sm text-slate-700">
        An estimate for the price of {formatPrice(price)} on a loan at a fixed rate. A lender sets the real rate.
      </p>
      <form
        method="get"
        action="#calculator"
        className="grid grid-cols-1 gap-3 sm:grid-cols-3"
        onSubmit={(event) => {
          // With JavaScript the estimate is already live: Calculate only takes focus to it.
          event.preventDefault();
          event.currentTarget.parentElement?.querySelector<HTMLElement>("[aria-live]")?.focus();
        }}
      >
        <Field name="deposit" label="Deposit ($)" error={errorOf("deposit")}>
          <input type="number" inputMode="numeric" min={0} max={price} step={1} {...control("deposit")} />
        </Field>
        <Field name="term" label="Term" error={errorOf("term")}>
          <select {...control("term")}>
            {LOAN_TERMS.map((months) => (
              <option key={months} value={months}>
                {months} months
              </option>
            ))}
          </select>
        </Field>
        <Field name="apr" label="Yearly rate (APR %)" error={errorOf("apr")}>
          <input type="number" inputMode="decimal" min={0} max={40} step={0.1} {...control("apr")} />
        </Field>
        <button type="submit" className="btn btn-secondary btn-md sm:col-span-3 sm:justify-self-start">
          Calculate
        </button>
      </form>
      <p aria-live="polite" tabIndex={-1} className="mt-4">
        {estimate.ok ? (
          <>
            <strong className="text-2xl text-brand-700">{formatCents(estimate.monthly)}</strong> a month for {fields.term} months: you
            borrow {formatCents(estimate.borrowed)} and pay {formatCents(estimate.interest)} in interest.
          </>
        ) : (
          "Check the fields above to see an estimate."
        )}
      </p>
    </section>
  );
}

function Field({ name, label, error, children }: { name: FieldName; label: string; error: string | null; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={`calculator-${name}`} className="font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`calculator-${name}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
