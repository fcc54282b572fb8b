import { type ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { requireUser } from "~/.server/auth/guards";
import { type AdminStats, type BuyerStats, dashboardStats, type SellerStats } from "~/.server/services/site/dashboard-stats";
import { payoutAccountOf } from "~/.server/services/deals/payout-accounts";
import { BarChart } from "~/components/site/bar-chart";
import { ButtonLink } from "~/components/ui/button";
import { roleMay } from "~/lib/accounts/policy";
import { StatGrid } from "~/components/ui/stat";
import { formatCars, formatCount, formatPrice } from "~/lib/shared/format";
import { privatePageMeta } from "~/lib/shared/meta";
import { PATHS } from "~/lib/shared/paths";
import { type MyCarsStatus } from "~/lib/schemas/catalog";
import { type Route } from "./+types/dashboard-home";
import { type loader as dashboardLoader } from "./dashboard-layout";

export const meta: Route.MetaFunction = () => privatePageMeta("Dashboard");

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context.app, request);
  const [stats, payoutAccount] = await Promise.all([
    dashboardStats(context.app, user),
    // A seller is reminded until their payout account is ready (money released to them waits for it).
    roleMay(user.role, "manage:payouts") ? payoutAccountOf(context.app, user) : null,
  ]);
  return {
    stats,
    payoutsReady: payoutAccount ? payoutAccount.status === "ready" : true,
    // A seller lists once their email is confirmed (the listing form says so too).
    confirmEmailTo: roleMay(user.role, "create:car") && !user.emailVerified ? user.email : null,
  };
}

const WEEKS_NOTE = "Weeks start on Monday, 00:00 UTC.";

export default function DashboardHome({ loaderData: { stats, payoutsReady, confirmEmailTo } }: Route.ComponentProps) {
  // Offers (a seller's) and counter-offers (a buyer's) waiting for an answer, as the menu counted them.
  const offersLink = useRouteLoaderData<typeof dashboardLoader>("routes/site/dashboard-layout")?.menu.find(
    (link) => link.to === PATHS.offers || link.to === PATHS.myOffers,
  );
  return (
    <main id="main">
      <h1 className="text-3xl font-bold">Welcome to Dashboard</h1>
      {confirmEmailTo && (
        <div role="note" className="mt-6 flex flex-col gap-3 rounded-card border-2 border-amber-400 bg-warning-50 p-5">
          <p className="font-semibold">Confirm your email address to list cars.</p>
          <p className="wrap-anywhere">We sent a link to {confirmEmailTo}. No email? Send it again from your account settings.</p>
          <div>
            <ButtonLink to={PATHS.settings} variant="secondary">
              Account settings
            </ButtonLink>
          </div>
        </div>
      )}
      {!payoutsReady && (
        <div role="note" className="mt-6 flex flex-col gap-3 rounded-card border-2 border-amber-400 bg-warning-50 p-5">
          <p className="font-semibold">Set up your payout account to be paid for the cars you sell.</p>
          <p>Buyers can pay you now; the money released to you waits until your payout account is ready.</p>
          <div>
            <ButtonLink to={PATHS.payouts}>Set up payouts</ButtonLink>
          </div>
        </div>
      )}
      {offersLink?.count ? (
        <div role="note" className="mt-6 flex flex-wrap items-center gap-3 rounded-card border border-slate-200 bg-white p-5">
          <p className="font-semibold">
            {offersLink.count === 1 ? "1 offer is" : `${formatCount(offersLink.count)} offers are`} waiting for your answer.
          </p>
          <ButtonLink to={offersLink.to} variant="secondary" size="sm">
            Answer offers
          </ButtonLink>
        </div>
      ) : null}
      {stats.role === "buyer" && <BuyerNumbers stats={stats} />}
      {stats.role === "seller" && <SellerNumbers stats={stats} />}
      {stats.role === "admin" && <AdminNumbers stats={stats} />}
    </main>
  );
}

function Numbers({ heading, children }: { heading: string; children: ReactNode }) {
  const id = `${heading.toLowerCase().replaceAll(" ", "-")}-heading`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="mb-4 text-xl font-bold">
        {heading}
      </h2>
      {children}
    </section>
  );
}

function BuyerNumbers({ stats }: { stats: BuyerStats }) {
  return (
    <Numbers heading="Your orders">
      <StatGrid
        stats={[
          { label: "Orders", value: formatCount(stats.orders), to: PATHS.myOrders },
          { label: "Paid", value: formatCount(stats.paid), to: PATHS.myOrders },
          { label: "Waiting for payment", value: formatCount(stats.waitingForPayment), to: PATHS.myOrders },
        ]}
      />
    </Numbers>
  );
}

function SellerNumbers({ stats }: { stats: SellerStats }) {
  // A new seller has nothing to count yet: the next step instead of three zeros.
  if (stats.carsForSale === 0 && stats.sold === 0) {
    return (
      <Numbers heading="Your cars">
        <div className="card flex flex-col items-start gap-3 p-5">
          <p className="text-lg font-semibold">You have no cars listed yet.</p>
          <p className="text-slate-700">
            List your first car: its photos, details and price take a few minutes, and buyers can book it at once.
          </p>
          <ButtonLink to={PATHS.addCar}>List your first car</ButtonLink>
        </div>
      </Numbers>
    );
  }
  const myCars = (status: MyCarsStatus) => `${PATHS.myCars}?status=${status}`;
  return (
    <Numbers heading="Your cars">
      <StatGrid
        stats={[
          { label: "Cars for sale", value: formatCount(stats.carsForSale), to: myCars("for-sale") },
          { label: "Sold", value: formatCount(stats.sold), to: myCars("sold") },
          {
            label: "Bookings this week",
            value: formatCount(stats.bookingsThisWeek),
            to: myCars("booked-this-week"),
            note: `Since Monday ${stats.weekStart}, 00:00 UTC`,
          },
        ]}
      />
    </Numbers>
  );
}

function AdminNumbers({ stats }: { stats: AdminStats }) {
  const thisMonth = `Since ${stats.monthStart}, 00:00 UTC`;
  const busiestWeek = stats.weeklySales.reduce((best, week) => (week.dollars > best.dollars ? week : best));
  const weeksTotal = stats.weeklySales.reduce((sum, week) => sum + week.dollars, 0);
  const [biggestCategory] = stats.carsForSaleByCategory;
  return (
    <>
      <Numbers heading="The marketplace">
        <StatGrid
          stats={[
            { label: "Cars for sale", value: formatCount(stats.carsForSale), to: PATHS.search },
            { label: "Sold this month", value: formatCount(stats.soldThisMonth), note: thisMonth },
            { label: "Sales this month", value: formatPrice(stats.salesThisMonthDollars), note: thisMonth },
            { label: "New users this month", value: formatCount(stats.newUsersThisMonth), note: thisMonth },
            { label: "Open reports", value: formatCount(stats.openReports), to: PATHS.reportedItems },
            { label: "Open flags", value: formatCount(stats.openFlags), to: PATHS.flags },
            { label: "Open disputes", value: formatCount(stats.openDisputes), to: PATHS.disputes },
            { label: "Money problems", value: formatCount(stats.openMoneyProblems), to: PATHS.moneyProblems },
          ]}
        />
      </Numbers>
      <Numbers heading="Trends">
        <p className="mb-4 text-slate-700">{WEEKS_NOTE}</p>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <BarChart
            title={`Sales per week, last ${stats.weeklySales.length} weeks`}
            description={
              weeksTotal === 0
                ? "No sales in these weeks."
                : `${formatPrice(weeksTotal)} in all; the best week began on ${busiestWeek.weekStart} with ${formatPrice(busiestWeek.dollars)}. ${WEEKS_NOTE}`
            }
            columns={["Week starting", "Cars sold", "Sales"]}
            bars={stats.weeklySales.map((week) => ({
              label: week.weekStart,
              value: week.dollars,
              figures: [formatCars(week.cars), formatPrice(week.dollars)],
            }))}
          />
          <BarChart
            title="Cars for sale per category"
            description={
              biggestCategory
                ? `${formatCars(stats.carsForSale)} for sale in ${stats.carsForSaleByCategory.length} categories; the most in ${biggestCategory.name} (${formatCars(biggestCategory.cars)}).`
                : "No cars for sale."
            }
            columns={["Category", "Cars for sale"]}
            bars={stats.carsForSaleByCategory.map((category) => ({
              label: category.name,
              value: category.cars,
              figures: [formatCars(category.cars)],
            }))}
            empty="No cars for sale."
          />
        </div>
      </Numbers>
    </>
  );
}
