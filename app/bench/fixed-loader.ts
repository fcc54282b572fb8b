/**
 * A page's own loader run once per URL in this isolate; every later request for that URL gets the
 * first answer, so the page renders from fixed data without the database: what the framework
 * alone costs, measured beside the page itself (bench builds only, see app/bench/routes.ts).
 */
export function fixedLoader<Args extends { request: Request }, Answer>(loader: (args: Args) => Answer): (args: Args) => Answer {
  const answers = new Map<string, Answer>();
  return (args) => {
    const { pathname, search } = new URL(args.request.url);
    const key = pathname + search;
    if (!answers.has(key)) answers.set(key, loader(args));
    return answers.get(key)!;
  };
}
