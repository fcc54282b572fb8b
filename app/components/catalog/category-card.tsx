import { Link } from "react-router";
import { type Category } from "~/lib/schemas/types";
import { formatCars } from "~/lib/shared/format";
import { PATHS, pathTo } from "~/lib/shared/paths";

// Below the search and the carousel on every screen: never the first paint, so fetched when near.
export function CategoryCard({ category }: { category: Category & { cars?: number } }) {
  return (
    <article className="card flex w-full flex-col overflow-hidden">
      <img
        src={category.image}
        alt=""
        width={800}
        height={500}
        loading="lazy"
        decoding="async"
        className="aspect-[8/5] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div>
          <h3 className="text-xl font-bold">{category.categoryName}</h3>
          {category.cars !== undefined && <p className="text-slate-600">{`${formatCars(category.cars)} for sale`}</p>}
        </div>
        <Link
          to={pathTo(PATHS.category, { id: category._id })}
          aria-label={`See all cars: ${category.categoryName}`}
          className="btn btn-primary btn-md mt-auto self-start"
        >
          See all cars
        </Link>
      </div>
    </article>
  );
}
