/** The frame of the sign-in and sign-up screens. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main id="main" className="mx-auto flex max-w-md flex-col px-4 py-12">
      <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="mb-6 text-center text-3xl font-bold">{title}</h1>
        {children}
      </div>
    </main>
  );
}
