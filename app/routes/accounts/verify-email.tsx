import { Link } from "react-router";
import { verifyEmail } from "~/.server/services/accounts/email-links";
import { AuthCard } from "~/components/accounts/auth-card";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { type Route } from "./+types/verify-email";

export const meta: Route.MetaFunction = () => privatePageMeta("Confirm email");

// Confirming by a GET link is safe here: the token is single-use and only marks the address verified.
export async function loader({ params, context }: Route.LoaderArgs) {
  return { verified: await verifyEmail(context.app, params.token) };
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Confirm email">
      <p role="status" className="text-center text-slate-700">
        {loaderData.verified
          ? "Thank you! Your email address is confirmed."
          : "This confirmation link is invalid or has expired. You can ask for a new one in your account settings."}
      </p>
      <p className="mt-6 text-center">
        <Link to={PATHS.dashboard} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline">
          Go to your dashboard
        </Link>
      </p>
    </AuthCard>
  );
}
