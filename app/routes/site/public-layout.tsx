import { Outlet } from "react-router";
import { ErrorPage } from "~/components/site/error-page-on-demand";
import { Footer } from "~/components/site/footer";
import { Navbar } from "~/components/site/navbar";
import { useNavbarUser } from "~/lib/site/use-user";
import { type Route } from "./+types/public-layout";

export default function PublicLayout() {
  const user = useNavbarUser();
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar user={user} />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const user = useNavbarUser();
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar user={user} />
      <div className="flex-1">
        <ErrorPage error={error} />
      </div>
      <Footer />
    </div>
  );
}
