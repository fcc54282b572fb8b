import { useEffect, useId, useRef } from "react";
import { useNavigation } from "react-router";
import { formatCars, formatTimeOfDay } from "~/lib/shared/format";
import { CONDITIONS, FUELS, LOCATIONS, TRANSMISSIONS } from "~/lib/schemas/catalog";
import { type Facet, SEARCH_SORTS } from "~/lib/schemas/search";
import { SORT_LABELS, activeFilters } from "~/lib/search/search-params";
import { useHydrated } from "~/lib/shared/use-hydrated";
import { useSearchForm } from "~/lib/search/use-search-form";
import { fuelWord, transmissionWord } from "~/lib/catalog/car-listing";
import { type Car } from "~/lib/schemas/types";
import { FilterChips, RESULT_COUNT_ID, type SearchState } from "./search-results";
import { Button } from "../ui/button";

type FacetCounts = SearchState["facets"];

const inputClass = "min-h-11 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600";
const labelClass = "text-sm font-medium";

const countOf = (facets: FacetCounts, facet: Facet, value: string) =>
  facets[facet].find((entry) => entry.value.toLowerCase() === value.toLowerCase())?.count ?? 0;

type FacetOption = { value: string; label: string; count?: number };

/** The filters chosen from a list, in the panel's order, with their options (location and condition with how many cars each has). */
const SELECT_FILTERS: {
  name: "location" | "condition" | "transmission" | "fuel";
  label: string;
  options: (facets: FacetCounts) => FacetOption[];
}[] = [
  {
    name: "location",
    label: "Location",
    options: (facets) => LOCATIONS.map((value) => ({ value, label: value, count: countOf(facets, "location", value) })),
  },
  {
    name: "condition",
    label: "Condition",
    options: (facets) => CONDITIONS.map((value) => ({ value, label: value, count: countOf(facets, "condition", value) })),
  },
  {
    name: "transmission",
    label: "Transmission",
    options: () => TRANSMISSIONS.map((value) => ({ value, label: transmissionWord(value)! })),
  },
  { name: "fuel", label: "Fuel", options: () => FUELS.map((value) => ({ value, label: fuelWord(value)! })) },
];

/**
 * The keyword box, the sort, the filter panel (a <details>, open beside the results on large
 * screens), the chips and the count, around the page's results (`children`). On large screens the
 * keyword box heads the filters' column and the count and sort share the headline's row
 * (app.css's .search-layout), so the results start high on the screen.
 */
export function SearchLayout({
  state,
  cars,
  headline,
  children,
}: {
  state: SearchState;
  cars: Pick<Car, "make" | "model">[];
  headline: React.ReactNode;
  children: React.ReactNode;
}) {
  const { query, facets, categories, fixed, path } = state;
  const formId = useId();
  const makeSuggestions = facets.make.map((entry) => entry.value);
  // The facets leave models out: suggest those of the cars on this page (of the chosen make).
  const modelSuggestions = [
    ...new Set(
      cars
        .filter((car) => !query.make || car.make?.toLowerCase() === query.make.toLowerCase())
        .flatMap((car) => (car.model ? [car.model] : [])),
    ),
  ].sort();
  const { formRef, onChange, onBlur, onSubmit } = useSearchForm(state, { make: makeSuggestions, model: modelSuggestions });
  const panel = useRef<HTMLDetailsElement>(null);
  const ids = { make: `${formId}-makes`, model: `${formId}-models` };
  const hydrated = useHydrated();
  const counting = useNavigation().state === "loading";
  const besideResults = () => window.matchMedia("(min-width: 1024px)").matches;

  // Beside the results on large screens, the panel starts open; on phones it waits to be opened.
  useEffect(() => {
    if (panel.current && besideResults()) panel.current.open = true;
  }, []);

  // On phones the open panel covers the results: showing them closes it and reads out the count.
  const showResults = (event: React.FormEvent<HTMLFormElement>) => {
    onSubmit(event);
    if (!panel.current || besideResults()) return;
    panel.current.open = false;
    document.getElementById(RESULT_COUNT_ID)?.focus();
  };

  const inUse = activeFilters(query, fixed);

  return (
    <div className="search-layout">
      <div className="search-headline">{headline}</div>
      <div role="search" className="search-keywords">
        <label htmlFor={`${formId}-q`} className="font-medium">
          Search by keywords
        </label>
        <div className="flex gap-2">
          <input
            id={`${formId}-q`}
            form={formId}
            type="search"
            name="q"
            defaultValue={query.q ?? ""}
            maxLength={100}
            placeholder="e.g. Corolla hybrid"
            onChange={onChange}
            className={inputClass}
          />
          <Button type="submit" form={formId} className="shrink-0">
            Search
          </Button>
        </div>
      </div>

      <details ref={panel} className="search-filter-panel">
        <summary className="cursor-pointer rounded-2xl px-4 py-3 font-semibold hover:bg-slate-50">
          Filters{inUse.length > 0 ? ` (${inUse.length} in use)` : ""}
        </summary>
        <form
          id={formId}
          ref={formRef}
          method="get"
          action={path}
          onChange={onChange}
          onBlur={onBlur}
          onSubmit={showResults}
          aria-label="Filters"
          className="flex flex-col gap-4 border-t border-slate-200 p-4"
        >
          {!fixed.includes("categoryId") && (
            <FacetSelect
              name="categoryId"
              label="Category"
              any="Any category"
              value={query.categoryId}
              options={categories.map((category) => ({
                value: category._id,
                label: category.categoryName,
                count: countOf(facets, "categoryId", category._id),
              }))}
            />
          )}
          <SuggestedField
            id={`${formId}-make`}
            listId={ids.make}
            name="make"
            label="Make"
            value={query.make}
            maxLength={40}
            suggestions={facets.make.map((entry) => ({ value: entry.value, label: `${entry.value} (${entry.count})` }))}
          />
          <SuggestedField
            id={`${formId}-model`}
            listId={ids.model}
            name="model"
            label="Model"
            value={query.model}
            maxLength={60}
            suggestions={modelSuggestions.map((model) => ({ value: model }))}
          />
          {SELECT_FILTERS.map((filter) => (
            <FacetSelect
              key={filter.name}
              name={filter.name}
              label={filter.label}
              any={`Any ${filter.label.toLowerCase()}`}
              value={query[filter.name]}
              options={filter.options(facets)}
            />
          ))}
          <fieldset className="flex flex-col gap-2">
            <legend className={labelClass}>Price ($)</legend>
            <div className="grid grid-cols-2 gap-2">
              <NumberField name="minPrice" label="Min price" value={query.minPrice} max={10_000_000} />
              <NumberField name="maxPrice" label="Max price" value={query.maxPrice} max={10_000_000} />
            </div>
          </fieldset>
          <fieldset className="flex flex-col gap-2">
            <legend className={labelClass}>Model year</legend>
            <div className="grid grid-cols-2 gap-2">
              <NumberField name="minYear" label="From" value={query.minYear} min={1900} max={2100} />
              <NumberField name="maxYear" label="To" value={query.maxYear} min={1900} max={2100} />
            </div>
          </fieldset>
          <NumberField name="maxMileage" label="Max mileage (km)" value={query.maxMileage} max={2_000_000} />
          {/* With JavaScript each filter has applied already, so the count is what the button shows. */}
          <Button type="submit">{!hydrated || counting ? "Show results" : `Show ${formatCars(state.total)}`}</Button>
        </form>
      </details>

      <div className="search-tools">
        <ResultCount total={state.total} facetsAsOf={state.facetsAsOf} />
        <div className="search-sort">
          <label htmlFor={`${formId}-sort`} className={labelClass}>
            Sort by
          </label>
          <div className="flex gap-2">
            <select id={`${formId}-sort`} form={formId} name="sort" defaultValue={query.sort} onChange={onChange} className={inputClass}>
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABELS[sort]}
                </option>
              ))}
            </select>
            {/* Without JavaScript a changed sort needs a submit of its own (the filters' is in their panel). */}
            {!hydrated && (
              <Button type="submit" form={formId} variant="secondary" className="shrink-0">
                Sort
              </Button>
            )}
          </div>
        </div>
      </div>
      <div className="search-results">
        <FilterChips state={state} />
        {children}
      </div>
    </div>
  );
}

function ResultCount({ total, facetsAsOf }: { total: number; facetsAsOf: string }) {
  return (
    <div>
      <p id={RESULT_COUNT_ID} role="status" tabIndex={-1} className="text-lg font-semibold">
        {formatCars(total)}
      </p>
      {/* The cars shown are current; the counts may be up to a minute old (decision record 28). */}
      <p className="text-xs text-slate-600">
        Counted at <time dateTime={facetsAsOf}>{formatTimeOfDay(facetsAsOf)} UTC</time>
      </p>
    </div>
  );
}

/** A free-text filter with suggestions (a datalist): make from the facets, model from the cars shown. */
function SuggestedField({
  id,
  listId,
  name,
  label,
  value,
  maxLength,
  suggestions,
}: {
  id: string;
  listId: string;
  name: string;
  label: string;
  value: string | undefined;
  maxLength: number;
  suggestions: { value: string; label?: string }[];
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} name={name} list={listId} defaultValue={value ?? ""} maxLength={maxLength} autoComplete="off" className={inputClass} />
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={suggestion.value} value={suggestion.value}>
            {suggestion.label}
          </option>
        ))}
      </datalist>
    </div>
  );
}

function FacetSelect({
  name,
  label,
  any,
  value,
  options,
}: {
  name: string;
  label: string;
  any: string;
  value: string | undefined;
  options: FacetOption[];
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={inputClass}>
        <option value="">{any}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.count === undefined ? option.label : `${option.label} (${option.count})`}
          </option>
        ))}
      </select>
    </div>
  );
}

function NumberField({
  name,
  label,
  value,
  min = 0,
  max,
}: {
  name: string;
  label: string;
  value: number | undefined;
  min?: number;
  max: number;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="text-sm">
        {label}
      </label>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        step={1}
        defaultValue={value ?? ""}
        className={inputClass}
      />
    </div>
  );
}
