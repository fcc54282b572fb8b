export interface FaqItem {
  question: string;
  answer: string;
}

/** Collapsible questions on native <details>: keyboard operable and announced without any script. */
export function Faq({ items }: { items: FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
      {items.map((item) => (
        <details key={item.question} className="group p-5">
          <summary className="faq-question">
            {item.question}
            <span aria-hidden="true" className="text-2xl text-brand-700 transition group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="mt-3 leading-relaxed text-slate-700">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}
