import { CarActions } from "./car-actions";
import { CarCard } from "./car-card";
import { type CarCardData } from "~/lib/catalog/car-card-data";
import { actionsFor, type ViewerCarActions } from "~/lib/catalog/viewer-car-actions";

// Each layout's columns, and a card photo's width in it (`sizes`) so a narrow slot takes the small copy.
const COLUMNS = {
  // A page's full width (80 rem at most, less its padding and gaps).
  page: {
    grid: "md:grid-cols-2 lg:grid-cols-3",
    photo: "(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw",
  },
  // Beside the search filters (15 rem from 1024 px), three columns only on wide screens.
  besideFilters: {
    grid: "md:grid-cols-2 xl:grid-cols-3",
    photo: "(min-width: 1024px) 340px, (min-width: 768px) 50vw, 100vw",
  },
  // Beside the search filters too, but from 1024 px as rows with a small photo, two abreast on wide
  // screens (app.css's .car-list): a search's results are scanned by their facts, many at once.
  list: {
    grid: "car-list md:grid-cols-2 lg:grid-cols-1 lg:gap-3 xl:grid-cols-2",
    photo: "(min-width: 1024px) 144px, (min-width: 768px) 50vw, 100vw",
  },
};

/**
 * Cars as cards with Book Now and Report as the viewer may use them (`carActions`: saved, booked,
 * reported). With `eager` (a grid at the top of its page) the first card's photo is fetched at once
 * and before anything else, being the page's largest paint on phones; the rest load when scrolled near.
 */
export function CarGrid({
  cars,
  now,
  carActions,
  eager = false,
  columns = "page",
}: {
  cars: CarCardData[];
  now: Date;
  carActions: ViewerCarActions;
  eager?: boolean;
  columns?: keyof typeof COLUMNS;
}) {
  return (
    <div className={`grid grid-cols-1 gap-6 ${COLUMNS[columns].grid}`}>
      {cars.map((car, index) => (
        <CarCard
          key={car._id}
          car={car}
          now={now}
          sizes={COLUMNS[columns].photo}
          eager={eager && index === 0}
          saved={carActions.favouriteIds.includes(car._id)}
          actions={<CarActions car={car} place="card" {...actionsFor(carActions, car._id)} />}
        />
      ))}
    </div>
  );
}
