import { type OAuthProviderName } from "~/lib/accounts/oauth-providers";
import { PATHS, pathTo } from "~/lib/shared/paths";

const LABELS: Record<OAuthProviderName, string> = { google: "Continue with Google", github: "Continue with GitHub" };

/** Sign-in with Google/GitHub: plain links, the provider flow is a full-page redirect. */
export function ProviderButtons({ providers, redirectTo }: { providers: OAuthProviderName[]; redirectTo: string }) {
  if (providers.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col gap-3">
      <p className="text-center text-sm text-slate-600">or</p>
      {providers.map((provider) => (
        <a
          key={provider}
          href={`${pathTo(PATHS.oauthStart, { provider })}?redirectTo=${encodeURIComponent(redirectTo)}`}
          className="rounded-lg border border-slate-300 px-4 py-2.5 text-center font-semibold hover:bg-slate-50"
        >
          {LABELS[provider]}
        </a>
      ))}
    </div>
  );
}
