import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useActionData } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { parseForm, readFormBody } from "~/.server/web/form-body";
import { formResult, orPageError, retryAfterHeaders } from "~/.server/web/page-errors";
import { readThread, reportConversation, sendMessage, type MessageItem, type Thread } from "~/.server/services/messages/messages";
import { MessageForm } from "~/components/messages/message-form";
import { secondaryButtonClass } from "~/components/ui/field";
import { formatDateTime, formatPrice } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { threadActionSchema } from "~/lib/schemas/messages";
import { type Route } from "./+types/message-thread";

export const meta: Route.MetaFunction = ({ data }) => privatePageMeta(data ? `Conversation with ${data.thread.withName}` : "Conversation");
export const headers = retryAfterHeaders;

/** How often an open thread asks for new messages (decision record 17: polling with ETag, 304 while nothing changed). */
const POLL_MS = 3000;

/** One conversation for one of its two participants (404 for anyone else); reading it marks it read. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requirePermission(context.app, request, "read:conversation:own");
  return { thread: await orPageError(() => readThread(context.app, user, params.id)) };
}

type ThreadAnswer = { form: "send" | "report"; ok: boolean; message: string };

/** Send (then back to the thread, so a reload does not send it again) or report this conversation. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requirePermission(context.app, request, "write:conversation:own");
  const submission = parseForm(await readFormBody(request), threadActionSchema);
  if (submission.status !== "success") {
    const form = submission.payload.intent === "report" ? "report" : "send";
    const message = submission.error?.text?.[0] ?? submission.error?.reason?.[0] ?? "That action is not available";
    return data<ThreadAnswer>({ form, ok: false, message }, { status: 400 });
  }
  const { intent } = submission.value;
  return formResult(
    async () => {
      if (submission.value.intent === "send") {
        await sendMessage(context.app, user, params.id, submission.value.text);
        return redirect(pathTo(PATHS.messageThread, { id: params.id }));
      }
      await reportConversation(context.app, user, params.id, submission.value.reason);
      return data<ThreadAnswer>({ form: "report", ok: true, message: "Thank you: our admins will read this conversation." });
    },
    { form: intent },
  );
}

/**
 * The thread's messages as the page got them, kept up to date while it is open: every few seconds
 * (while the tab is visible) the API is asked with the thread's ETag, which answers 304 until a
 * message arrives.
 */
function useLiveMessages(thread: Thread): MessageItem[] {
  // What polling found since the loader's answer; a newer loader answer (after sending, or a navigation) wins.
  const [polled, setPolled] = useState<{ after: string; version: string; messages: MessageItem[] } | null>(null);
  const live = polled?.after === thread.version ? polled : thread;
  useEffect(() => {
    const poll = async () => {
      if (document.hidden) return;
      const response = await fetch(`/api/conversations/${encodeURIComponent(thread._id)}/messages`, {
        headers: { "If-None-Match": `"${live.version}"` },
        cache: "no-store",
      });
      if (response.status !== 200) return;
      const version = response.headers.get("etag")?.replace(/"/g, "") ?? live.version;
      setPolled({ after: thread.version, version, messages: (await response.json()) as MessageItem[] });
    };
    const timer = setInterval(() => void poll().catch(() => undefined), POLL_MS);
    return () => clearInterval(timer);
  }, [thread._id, thread.version, live.version]);
  return live.messages;
}

export default function MessageThread({ loaderData }: Route.ComponentProps) {
  const { thread } = loaderData;
  const answer = useActionData<typeof action>();
  const messages = useLiveMessages(thread);
  return (
    <main id="main" className="flex flex-col gap-6">
      <div>
        <Link to={PATHS.messages} className="font-semibold text-brand-700 underline">
          All messages
        </Link>
        <h1 className="mt-2 break-words text-3xl font-bold">Conversation with {thread.withName}</h1>
      </div>
      <CarHeader car={thread.product} />
      <ol aria-label="Messages" aria-live="polite" className="flex flex-col gap-3">
        {messages.map((message) => (
          <li
            key={message._id}
            className={`flex max-w-[85%] flex-col gap-1 rounded-2xl px-4 py-2 ${message.mine ? "self-end bg-brand-50" : "self-start border border-slate-200 bg-white"}`}
          >
            <p className="text-sm text-slate-600">
              {message.mine ? "You" : thread.withName}, <time dateTime={message.createdAt}>{formatDateTime(message.createdAt)}</time>
            </p>
            <p className="whitespace-pre-line break-words">{message.text}</p>
          </li>
        ))}
      </ol>
      {thread.closed ? (
        <p className="rounded-2xl bg-slate-100 p-4 text-slate-700">
          An admin closed this conversation after a report: no new messages can be sent.
        </p>
      ) : (
        <div className="rounded-2xl border border-slate-200 bg-white p-4">
          <MessageForm
            id="thread-reply"
            label={`Your message to ${thread.withName}`}
            hidden={{ intent: "send" }}
            error={answer?.form === "send" && !answer.ok ? answer.message : undefined}
          />
        </div>
      )}
      <ReportConversation answer={answer?.form === "report" ? answer : undefined} />
    </main>
  );
}

function CarHeader({ car }: { car: Thread["product"] }) {
  if (!car) return <p className="rounded-2xl bg-slate-100 p-4 text-slate-700">The car of this conversation is no longer listed.</p>;
  return (
    <Link
      to={pathTo(PATHS.car, { id: car._id })}
      className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 hover:bg-slate-50"
    >
      <img src={car.image} alt="" width={96} height={72} className="h-16 w-20 shrink-0 rounded-lg object-cover" />
      <span className="flex min-w-0 flex-col">
        <span className="break-words font-semibold text-brand-700">{car.productName}</span>
        <span className="font-bold">{car.isPaid ? `Sold for ${formatPrice(car.resalePrice)}` : formatPrice(car.resalePrice)}</span>
      </span>
    </Link>
  );
}

function ReportConversation({ answer }: { answer?: ThreadAnswer }) {
  return (
    <details className="rounded-2xl border border-slate-200 bg-white p-4" open={answer !== undefined}>
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold">Report this conversation</summary>
      {answer?.ok ? (
        <p role="status" className="mt-3 font-medium text-green-800">
          {answer.message}
        </p>
      ) : (
        <Form method="post" preventScrollReset className="mt-3 flex flex-col gap-2">
          <input type="hidden" name="intent" value="report" />
          <p className="text-slate-700">Our admins will read this conversation. Tell them what is wrong (optional).</p>
          <label htmlFor="report-reason" className="font-medium">
            Reason
          </label>
          <textarea
            id="report-reason"
            name="reason"
            rows={2}
            maxLength={500}
            className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2"
            aria-describedby={answer ? "report-error" : undefined}
          />
          {answer && (
            <p id="report-error" role="alert" className="text-sm font-medium text-red-700">
              {answer.message}
            </p>
          )}
          <button type="submit" className={`${secondaryButtonClass} self-start`}>
            Report this conversation
          </button>
        </Form>
      )}
    </details>
  );
}
