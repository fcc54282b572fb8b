import { Link } from "react-router";
import { PATHS } from "~/lib/paths";
import { useOptionalUser } from "~/lib/use-user";

/** The navbar's bell: the signed-in user's unread count (read with the session, server-rendered), linking to their notifications. */
export function NotificationBell() {
  const user = useOptionalUser();
  if (!user) return null;
  const unread = user.unreadNotifications;
  return (
    <Link
      to={PATHS.notifications}
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
      className="relative ml-auto flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-brand-50"
    >
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 && (
        <span
          aria-hidden="true"
          className="absolute right-0.5 top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}
