import { Link } from "react-router";
import { PATHS } from "~/lib/shared/paths";
import { useOptionalUser } from "~/lib/site/use-user";

/** An icon link with its unread count as a badge (server-rendered from the session lookup). */
function CountLink({ to, name, unread, icon }: { to: string; name: string; unread: number; icon: string }) {
  return (
    <Link to={to} aria-label={unread > 0 ? `${name}, ${unread} unread` : name} className="navbar-count">
      <svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
        <path d={icon} />
      </svg>
      {unread > 0 && (
        <span aria-hidden="true" className="navbar-count-unread">
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}

const BELL = "M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0";
const SPEECH_BUBBLE = "M21 12a8 8 0 0 1-11.6 7.1L3 21l1.9-6.4A8 8 0 1 1 21 12z";

/**
 * The signed-in user's unread messages (for those with an inbox; the root loader leaves the count
 * null for the others) and notifications, each linking to its page.
 */
export function NavbarCounts() {
  const user = useOptionalUser();
  if (!user) return null;
  return (
    <div className="ml-auto flex items-center">
      {user.unreadMessages !== null && <CountLink to={PATHS.messages} name="Messages" unread={user.unreadMessages} icon={SPEECH_BUBBLE} />}
      <CountLink to={PATHS.notifications} name="Notifications" unread={user.unreadNotifications} icon={BELL} />
    </div>
  );
}
