import { Link } from "react-router";
import { requirePermission } from "~/.server/auth/guards";
import { orPageError } from "~/.server/web/page-errors";
import { carStatistics } from "~/.server/services/catalog/car-statistics";
import { ColumnChart } from "~/components/site/bar-chart";
import { ButtonLink } from "~/components/ui/button";
import { Stat } from "~/components/ui/stat";
import { formatCount, formatDate } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS, pathTo } from "~/lib/shared/paths";
import { type Route } from "./+types/car-statistics";

export const meta: Route.MetaFunction = () => privatePageMeta("Car statistics");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const seller = await requirePermission(context.app, request, "read:car-stats:own");
  return orPageError(() => carStatistics(context.app, seller, params.id));
}

/** One car's last 30 days for its seller: views, saves, messages and bookings, and the views day by day. */
export default function CarStatisticsPage({ loaderData: stats }: Route.ComponentProps) {
  const { product: car } = stats;
  const carPath = pathTo(PATHS.car, { id: car._id });
  const busiest = stats.days.reduce((best, day) => (day.views > best.views ? day : best));
  return (
    <main id="main" className="flex flex-col gap-6">
      <div>
        <p className="text-caption font-semibold text-slate-700">Statistics, the last 30 days</p>
        <h1 className="text-3xl font-bold break-words">
          <Link to={carPath} className="inline-flex min-h-11 items-center underline-offset-4 hover:underline">
            {car.productName}
          </Link>
        </h1>
        <p className="mt-1 text-slate-700">
          Since {formatDate(stats.since)}, today included{car.isPaid ? " (sold)" : ""}.
        </p>
      </div>
      {/* Two a row on phones, so the chart starts in the first screen. */}
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[
          { label: "Views", value: formatCount(stats.views), note: "Yours not counted" },
          { label: "Saves", value: formatCount(stats.saves), note: "To favourites" },
          { label: "Messages", value: formatCount(stats.messages), note: "From buyers", to: PATHS.messages },
          { label: "Bookings", value: formatCount(stats.bookings), to: `${PATHS.myCars}?q=${encodeURIComponent(car.productName)}` },
        ].map((stat) => (
          <li key={stat.label}>
            <Stat {...stat} />
          </li>
        ))}
      </ul>
      <section aria-labelledby="views-heading" className="card p-5">
        <h2 id="views-heading" className="mb-3 text-xl font-bold">
          Views per day
        </h2>
        <ColumnChart
          title="Views per day, the last 30 days"
          description={
            stats.views === 0
              ? "No views in these 30 days."
              : `${formatCount(stats.views)} views in 30 days; the most on ${formatDate(busiest.day)} (${formatCount(busiest.views)}).`
          }
          columns={["Day", "Views"]}
          bars={stats.days.map((day) => ({ label: day.day, value: day.views, figures: [formatCount(day.views)] }))}
        />
        <p className="mt-3 text-sm text-slate-600">Views arrive within a minute or so; days are UTC.</p>
      </section>
      <div className="flex flex-wrap gap-2">
        {!car.isPaid && <ButtonLink to={pathTo(PATHS.editCar, { id: car._id })}>Edit the listing</ButtonLink>}
        <ButtonLink to={PATHS.myCars} variant="secondary">
          Back to My Products
        </ButtonLink>
      </div>
    </main>
  );
}
