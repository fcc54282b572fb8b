import { orPageError } from "~/.server/web/page-errors";
import { listOutbox } from "~/.server/services/notifications/dev-mail";
import { formatDateTime } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { type Route } from "./+types/dev-outbox";

export const meta: Route.MetaFunction = () => privatePageMeta("Outbox");

/** Development only: the mail the app would have sent, newest first. Production answers 404. */
export async function loader({ context }: Route.LoaderArgs) {
  return { messages: await orPageError(() => listOutbox(context.app)) };
}

export default function DevOutbox({ loaderData }: Route.ComponentProps) {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-6 text-3xl font-bold">Outbox (development)</h1>
      {loaderData.messages.length === 0 ? (
        <p>No mail yet.</p>
      ) : (
        <ol className="flex flex-col gap-4">
          {loaderData.messages.map((message) => (
            <li key={message.id} className="rounded-2xl border border-slate-200 bg-white p-5">
              <p className="text-sm text-slate-600">
                <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time> to {message.to}
              </p>
              <h2 className="text-lg font-bold">{message.subject}</h2>
              <pre className="mt-2 whitespace-pre-wrap font-sans">{message.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
