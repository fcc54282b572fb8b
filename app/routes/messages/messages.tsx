import { Link } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { listInbox } from "~/.server/services/messages/messages";
import { formatDateTime } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { type Route } from "./+types/messages";

export const meta: Route.MetaFunction = () => privatePageMeta("Messages");

/** The user's conversations, latest activity first, with the car, the other person, the last message and what is unread. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requirePermission(context.app, request, "read:inbox");
  return { conversations: await listInbox(context.app, user), role: user.role };
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { conversations, role } = loaderData;
  return (
    <main id="main">
      <h1 className="mb-6 text-3xl font-bold">Messages</h1>
      {conversations.length === 0 ? (
        <p>
          {role === "buyer" ? (
            <>
              No conversations yet. Write to a seller with “Message the seller” on a{" "}
              <Link to={PATHS.search} className="font-semibold text-brand-700 underline">
                car’s page
              </Link>
              .
            </>
          ) : (
            "No conversations yet. Buyers’ messages about your cars will show here."
          )}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Your conversations">
          {conversations.map((conversation) => {
            const carName = conversation.product?.productName ?? "A car no longer listed";
            return (
              <li key={conversation._id} className="flex gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:p-4">
                {conversation.product ? (
                  <img
                    src={conversation.product.image}
                    alt=""
                    width={96}
                    height={72}
                    className="h-16 w-20 shrink-0 rounded-lg object-cover sm:h-18 sm:w-24"
                  />
                ) : (
                  <div aria-hidden="true" className="h-16 w-20 shrink-0 rounded-lg bg-slate-100 sm:h-18 sm:w-24" />
                )}
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <Link
                      to={pathTo(PATHS.messageThread, { id: conversation._id })}
                      className="flex min-h-11 min-w-0 items-center break-words font-semibold text-brand-700 underline-offset-2 hover:underline"
                    >
                      {carName} — {conversation.withName}
                    </Link>
                    <time dateTime={conversation.lastMessage.createdAt} className="text-sm text-slate-600">
                      {formatDateTime(conversation.lastMessage.createdAt)}
                    </time>
                  </div>
                  <p className="line-clamp-2 break-words text-slate-700">{conversation.lastMessage.text}</p>
                  {conversation.unread > 0 && (
                    <p className="self-start rounded-full bg-brand-700 px-2.5 py-0.5 text-sm font-bold text-white">
                      {`${conversation.unread} unread`}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
