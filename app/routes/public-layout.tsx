import { Outlet } from "react-router";
import { ErrorPage } from "~/components/error-page";
import { Footer } from "~/components/footer";
import { Navbar } from "~/components/navbar";
import { type Route } from "./+types/public-layout";

export default function PublicLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar user={null} />
      <div className="flex-1">
        <Outlet />
      </div>
      <Footer />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <Navbar user={null} />
      <div className="flex-1">
        <ErrorPage error={error} />
      </div>
      <Footer />
    </div>
  );
}
