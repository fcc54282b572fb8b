import { beforeAll, describe, expect, it } from "vitest";
import { carPhotoSvg, renderJpeg } from "../../scripts/seed/photos.ts";
import {
  accessToken,
  apiJson,
  appUrl,
  confirmEmail,
  firstCategoryId,
  mailTo,
  postForm,
  register,
  request,
  signIn,
  sql,
  uniqueEmail,
  uploadImage,
} from "./client";

// Listing needs a confirmed email address, as the contract says: anyone can register someone else's
// address, and must not be able to sell cars under it.

const MESSAGE = "Confirm your email address before listing a car";
let categoryId: string;
let jpeg: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  [categoryId, jpeg] = await Promise.all([firstCategoryId(), renderJpeg(carPhotoSvg({ body: "sedan", color: "#9a3412", seed: 12 }))]);
});

async function listing(token: string, carName: string) {
  const upload = await uploadImage(jpeg, "car.jpg", "image/jpeg", token);
  const { data } = (await upload.json()) as { data: { url: string } };
  return {
    productName: carName,
    originalPrice: 30000,
    resalePrice: 25000,
    location: "Dhaka",
    categoryId,
    condition: "Good",
    mobile: "01711 222333",
    productDescription: "Cheap, call me",
    purchaseYear: 2015,
    image: data.url,
  };
}

const carsNamed = async (name: string) => Number((await sql("select count(*) as n from products where name = ?", [name]))[0].n);

describe("an unconfirmed seller", () => {
  it("is refused listing through the API with 403 until they follow the link in the mail, then lists", async () => {
    const email = uniqueEmail("unconfirmed");
    await register({ email, accountType: "seller" });
    const token = await accessToken(email);
    const name = `Cheap Land Cruiser ${crypto.randomUUID().slice(0, 6)}`;
    const body = await listing(token, name);

    const refused = await apiJson("/api/products/add", body, { token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: MESSAGE });
    expect(await carsNamed(name)).toBe(0);

    await confirmEmail(email);
    const listed = await apiJson("/api/products/add", body, { token });
    expect(listed.status).toBe(201);
    expect(await carsNamed(name)).toBe(1);
  });

  it("is told on the add page why, with a button that sends the link again; the form is refused", async () => {
    const email = uniqueEmail("unconfirmed-page");
    await register({ email, accountType: "seller" });
    const cookie = await signIn(email);
    const page = await (await request("/dashboard/addproduct", { headers: { cookie } })).text();
    expect(page).toContain(MESSAGE);
    expect(page).toContain("Send the link again");
    expect(page).not.toContain('name="productName"');

    expect(await mailTo(email)).toHaveLength(1);
    const resent = await postForm("/dashboard/settings", { intent: "resend-verification" }, cookie);
    expect(await resent.text()).toContain("We sent a new confirmation link");
    expect(await mailTo(email)).toHaveLength(2);

    const name = `Form Car ${crypto.randomUUID().slice(0, 6)}`;
    const form = new FormData();
    const fields = {
      ...(await listing(await accessToken(email), name)),
      make: "Toyota",
      model: "Prado",
      mileageKm: 90000,
      transmission: "automatic",
      fuel: "diesel",
      colour: "White",
    };
    for (const [field, value] of Object.entries(fields)) if (field !== "image") form.append(field, String(value));
    form.append("photo", new File([jpeg], "car.jpg", { type: "image/jpeg" }));
    const refused = await request("/dashboard/addproduct", { method: "POST", headers: { origin: appUrl, cookie }, body: form });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain(MESSAGE);
    expect(await carsNamed(name)).toBe(0);
  });
});

describe("GET /api/dev/mail", () => {
  it("lists the mail sent to an address, newest first, with its absolute links", async () => {
    const email = uniqueEmail("mail-reader");
    await register({ email });
    const cookie = await signIn(email);
    await postForm("/dashboard/settings", { intent: "resend-verification" }, cookie);
    const mail = await mailTo(email.toUpperCase());
    expect(mail).toHaveLength(2);
    for (const message of mail) {
      expect(message).toEqual({
        subject: expect.any(String),
        text: expect.any(String),
        links: expect.any(Array),
        createdAt: expect.any(String),
      });
      expect(message.links.some((link) => /^https?:\/\/[^/]+\/verify-email\/[a-f0-9]+$/.test(link))).toBe(true);
    }
    expect(mail[0].createdAt >= mail[1].createdAt).toBe(true);
    expect(await mailTo(uniqueEmail("nobody"))).toEqual([]);
  });

  it("answers 400 without a valid address", async () => {
    for (const query of ["", "?to=", "?to=not-an-address"]) {
      const response = await request(`/api/dev/mail${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});
