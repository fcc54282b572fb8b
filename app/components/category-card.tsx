import { Link } from "react-router";
import { type Category } from "~/lib/types";
import { PATHS, pathTo } from "~/lib/paths";

export function CategoryCard({ category, eager = false }: { category: Category; eager?: boolean }) {
  return (
    <article className="card flex flex-col overflow-hidden">
      <img
        src={category.image}
        alt=""
        width={800}
        height={500}
        loading={eager ? "eager" : "lazy"}
        fetchPriority={eager ? "high" : undefined}
        decoding="async"
        className="aspect-[8/5] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-4 p-5">
        <h3 className="text-xl font-bold">{category.categoryName}</h3>
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
