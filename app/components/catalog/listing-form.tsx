import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { type ReactNode, useCallback, useState } from "react";
import { Form, useNavigation } from "react-router";
import { FUEL_WORDS } from "~/lib/catalog/car-listing";
import { formatPrice } from "~/lib/shared/format";
import { CONDITIONS, FUELS, LOCATIONS, MAX_PHOTOS, carEditFormSchema, carFormSchema, TRANSMISSIONS } from "~/lib/schemas/catalog";
import { useHydrated } from "~/lib/shared/use-hydrated";
import { useSchemaForm } from "~/lib/shared/use-schema-form";
import { vinFill, vinMakerNote } from "~/lib/catalog/vin";
import { SuggestPrice } from "./price-suggestion";
import { PhotoPicker, type StoredPhoto } from "./photo-picker";
import { FieldErrors, FormErrors, primaryButtonClass, SelectField, TextAreaField, TextField } from "../ui/field";
import { PhotoInput } from "../ui/photo-input";
import { Spinner } from "../ui/spinner";

/** What an edit shows but cannot change (`PATCH /api/products/:id` keeps them as listed). */
export interface FixedFacts {
  productName: string;
  categoryName: string;
  purchaseYear: number;
  originalPrice: number;
}

type ListingFormProps = {
  lastResult?: SubmissionResult<string[]> | null;
  currentYear: number;
  /** The listing's current values (edit), photos included as `images` and `smallImages`. */
  defaultValue?: Record<string, unknown>;
} & ({ mode: "add"; categories: { _id: string; categoryName: string }[] } | { mode: "edit"; fixed: FixedFacts; photos: StoredPhoto[] });

/**
 * The listing form of Add Product and Edit: the same fields and rules, in sections. An edit shows
 * the name, category, purchase year and original price without changing them. Photos are the
 * picker with JavaScript; without it, one photo file (on edit: one more, after those kept).
 */
export function ListingForm(props: ListingFormProps) {
  const { mode, lastResult, currentYear } = props;
  // The edit schema has a subset of the fields: only the add form reads the others.
  const schema = (mode === "add" ? carFormSchema : carEditFormSchema) as typeof carFormSchema;
  const [form, fields] = useSchemaForm(schema, {
    id: mode === "add" ? "add-car" : "edit-car",
    lastResult,
    defaultValue: props.defaultValue,
  });
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [preparingPhoto, setPreparingPhoto] = useState(false);
  const submitting = navigation.state === "submitting";
  const photoErrors = [...(fields.images.errors ?? []), ...(fields.photo.errors ?? [])];
  const vinNote = vinMakerNote(fields.vin.value, fields.make.value);
  // A valid VIN fills in the make and (on Add) the purchase year when they are empty (fillFromVin does it without JavaScript).
  const fillFromVinCode = (vin: string) => {
    const fill = vinFill(vin, currentYear);
    if (fill.make && !fields.make.value?.trim()) form.update({ name: fields.make.name, value: fill.make });
    if (mode === "add" && fill.purchaseYear && !fields.purchaseYear.value?.trim()) {
      form.update({ name: fields.purchaseYear.name, value: String(fill.purchaseYear) });
    }
  };
  const validatePhotos = form.validate;
  const photosChanged = useCallback(() => {
    if (fields.images.errors?.length) validatePhotos({ name: fields.images.name });
  }, [fields.images.errors, fields.images.name, validatePhotos]);

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="flex max-w-3xl flex-col gap-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      {mode === "edit" && (
        <p className="text-sm text-slate-700">
          The name, category, purchase year and original price stay as listed; everything else can be changed.
        </p>
      )}
      <Section legend="The car">
        {mode === "add" ? (
          <>
            <div className="md:col-span-2">
              <TextField label="Product name" meta={fields.productName} />
            </div>
            <SelectField
              label="Category"
              meta={fields.categoryId}
              placeholder="Choose a category"
              options={props.categories.map((category) => ({ value: category._id, label: category.categoryName }))}
            />
          </>
        ) : (
          <>
            <Fact label="Product name" wide>
              {props.fixed.productName}
            </Fact>
            <Fact label="Category">{props.fixed.categoryName}</Fact>
          </>
        )}
        <TextField label="Make" meta={fields.make} />
        <TextField label="Model" meta={fields.model} />
        {mode === "add" ? (
          <TextField label={`Purchase year (1950–${currentYear})`} type="number" meta={fields.purchaseYear} />
        ) : (
          <Fact label="Purchase year">
            {props.fixed.purchaseYear}
            {/* For the price suggestion sent without JavaScript; the edit itself never reads it. */}
            <input type="hidden" name="purchaseYear" value={props.fixed.purchaseYear} />
          </Fact>
        )}
        <SelectField
          label="Condition"
          meta={fields.condition}
          placeholder="Choose the condition"
          options={CONDITIONS.map((value) => ({ value, label: value }))}
        />
      </Section>

      <Section legend="Vehicle details">
        <TextField label="Mileage (km)" type="number" meta={fields.mileageKm} />
        <SelectField
          label="Transmission"
          meta={fields.transmission}
          placeholder="Choose the transmission"
          options={TRANSMISSIONS.map((value) => ({ value, label: value === "automatic" ? "Automatic" : "Manual" }))}
        />
        <SelectField
          label="Fuel"
          meta={fields.fuel}
          placeholder="Choose the fuel"
          options={FUELS.map((value) => ({ value, label: FUEL_WORDS[value] }))}
        />
        <TextField label="Colour" meta={fields.colour} />
        <div className="flex flex-col gap-1 md:col-span-2">
          <label htmlFor={fields.vin.id} className="font-medium">
            VIN (optional)
          </label>
          <input
            {...getInputProps(fields.vin, { type: "text" })}
            onInput={(event) => fillFromVinCode(event.currentTarget.value)}
            aria-describedby={[fields.vin.errors ? fields.vin.errorId : "", "vin-help", "vin-note"].filter(Boolean).join(" ")}
            autoCapitalize="characters"
            spellCheck={false}
            className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono uppercase text-slate-900 aria-[invalid=true]:border-red-600 focus:border-brand-600"
          />
          <p id="vin-help" className="text-sm text-slate-600">
            17 letters and digits, on the windscreen or the registration papers. Its maker{mode === "add" && " and model year"} fill in the
            empty fields.
            {mode === "edit" && " A VIN once given can be corrected but not removed."}
          </p>
          <p id="vin-note" role="status" className="text-sm font-medium text-amber-800">
            {vinNote}
          </p>
          <FieldErrors meta={fields.vin} />
        </div>
      </Section>

      <Section legend="Price">
        {mode === "add" ? (
          <TextField label="Original price ($)" type="number" meta={fields.originalPrice} />
        ) : (
          <Fact label="Original price">{formatPrice(props.fixed.originalPrice)}</Fact>
        )}
        <TextField label="Resale price ($)" type="number" meta={fields.resalePrice} />
        <SuggestPrice
          input={{
            make: fields.make.value,
            model: fields.model.value,
            purchaseYear: mode === "add" ? fields.purchaseYear.value : String(props.fixed.purchaseYear),
            mileageKm: fields.mileageKm.value,
          }}
        />
      </Section>

      <fieldset className="flex min-w-0 flex-col gap-3">
        <legend className="mb-2 text-xl font-bold">Photos</legend>
        {hydrated ? (
          <PhotoPicker
            initial={mode === "edit" ? props.photos : []}
            errors={photoErrors}
            errorId={fields.images.errorId}
            onBusyChange={setPreparingPhoto}
            onPhotosChange={photosChanged}
          />
        ) : (
          <NoScriptPhotos
            mode={mode}
            kept={mode === "edit" ? props.photos : []}
            photoField={fields.photo}
            imagesErrorId={fields.images.errorId}
            imagesErrors={fields.images.errors}
          />
        )}
      </fieldset>

      <Section legend="Where and how to reach you">
        <SelectField
          label="Location"
          meta={fields.location}
          placeholder="Choose a location"
          options={LOCATIONS.map((value) => ({ value, label: value }))}
        />
        <TextField label="Mobile number" type="tel" meta={fields.mobile} autoComplete="tel" />
      </Section>

      <Section legend="Description">
        <div className="md:col-span-2">
          <TextAreaField label="Product description" meta={fields.productDescription} />
        </div>
      </Section>

      <div className="flex flex-col gap-3">
        <FormErrors id={form.errorId} errors={form.errors} />
        <button type="submit" className={primaryButtonClass} disabled={submitting || preparingPhoto}>
          {submitting && <Spinner label={mode === "add" ? "Adding the product" : "Saving the changes"} />}
          {mode === "add" ? "Add Product" : "Save changes"}
        </button>
      </div>
    </Form>
  );
}

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-4 md:grid-cols-2">
      <legend className="mb-2 text-xl font-bold">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A value an edit shows but does not change. */
function Fact({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={`flex flex-col gap-1 ${wide ? "md:col-span-2" : ""}`}>
      <span className="font-medium">{label}</span>
      <span className="rounded-lg bg-slate-100 px-3 py-2 text-slate-800">{children}</span>
    </div>
  );
}

/** Without JavaScript: one photo file; an edit keeps the current photos (sent back as they are) and may add one. */
function NoScriptPhotos({
  mode,
  kept,
  photoField,
  imagesErrorId,
  imagesErrors,
}: {
  mode: "add" | "edit";
  kept: StoredPhoto[];
  photoField: Parameters<typeof PhotoInput>[0]["meta"];
  imagesErrorId: string;
  imagesErrors?: string[];
}) {
  return (
    <>
      {kept.length > 0 && (
        <ol aria-label="Current photos, cover first" className="flex flex-wrap gap-2">
          {kept.map((photo, index) => (
            <li key={photo.url}>
              <img
                src={photo.smallUrl || photo.url}
                alt={`Photo ${index + 1}${index === 0 ? " (cover)" : ""}`}
                width={112}
                height={80}
                className="h-20 w-28 rounded-lg object-cover"
              />
              <input type="hidden" name="images" value={photo.url} />
              <input type="hidden" name="smallImages" value={photo.smallUrl ?? ""} />
            </li>
          ))}
        </ol>
      )}
      {mode === "add" || kept.length < MAX_PHOTOS ? (
        <PhotoInput label={mode === "add" ? "Photo" : "Add a photo (optional)"} meta={photoField} />
      ) : (
        <p className="text-sm text-slate-600">This listing has {MAX_PHOTOS} photos, the most it can have.</p>
      )}
      <div id={imagesErrorId} className="min-h-5 text-sm text-red-700">
        {imagesErrors?.[0]}
      </div>
    </>
  );
}
