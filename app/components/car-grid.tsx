import { ProductActions } from "./product-actions";
import { ProductCard } from "./product-card";
import { type Product } from "~/lib/types";
import { actionsFor, type ViewerMarks } from "~/lib/viewer-marks";

const COLUMNS = {
  // A page's full width.
  page: "md:grid-cols-2 lg:grid-cols-3",
  // Beside the search filters, three columns only on wide screens.
  besideFilters: "md:grid-cols-2 xl:grid-cols-3",
};

/**
 * Cars as cards with Book Now and Report as the viewer may use them (`marks`: saved, booked,
 * reported). The first `eager` photos load at once (they are above the fold).
 */
export function CarGrid({
  cars,
  now,
  marks,
  eager = 0,
  columns = "page",
}: {
  cars: Product[];
  now: Date;
  marks: ViewerMarks;
  eager?: number;
  columns?: keyof typeof COLUMNS;
}) {
  return (
    <div className={`grid grid-cols-1 gap-6 ${COLUMNS[columns]}`}>
      {cars.map((car, index) => (
        <ProductCard
          key={car._id}
          product={car}
          now={now}
          eager={index < eager}
          saved={marks.favouriteIds.includes(car._id)}
          actions={<ProductActions product={car} {...actionsFor(marks, car._id)} />}
        />
      ))}
    </div>
  );
}
