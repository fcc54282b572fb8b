import { describe, expect, it } from "vitest";
import { decodeVin, vinProblem } from "../../app/lib/catalog/vin.ts";
import { buildDemoMarket, DEMO_CATEGORIES, DEMO_USERS, demoVin, type DemoCar } from "./demo-data.ts";

const NOW = Date.parse("2026-11-23T12:00:00Z");
const DAY = 86_400_000;
const market = buildDemoMarket(NOW);
const { cars, bookings, reports, reviews } = market;
const SELLER = "seller@autoreseller.test";
const SELLER2 = "seller2@autoreseller.test";
const BUYER = "buyer@autoreseller.test";

// Which world manufacturer identifiers each make's VINs may start with (real assignments).
const WMIS: Record<string, string[]> = {
  Toyota: ["JTD", "JTE", "JTM", "JTF", "JTN"],
  Honda: ["JHM", "JHL", "5J6"],
  Nissan: ["JN1", "JN6", "JN8"],
  Mitsubishi: ["JA4"],
  Suzuki: ["JS2"],
  Mazda: ["JM1"],
  Isuzu: ["JAA"],
  Hyundai: ["KMH", "KM8"],
  Kia: ["KNA", "KND"],
  Volkswagen: ["WVW", "WVG", "WV2"],
  BMW: ["WBA", "WBY", "5UX"],
  "Mercedes-Benz": ["WDD", "WDC", "WDF"],
  Ford: ["1FA", "1FM", "1FT"],
  Chevrolet: ["1G1"],
  Tesla: ["5YJ"],
};

const unsold = (car: DemoCar) => !car.sale;
const current = (car: DemoCar) => car.prices[car.prices.length - 1].price;

describe("the demo accounts", () => {
  it("keep the contract's five accounts exactly", () => {
    expect(DEMO_USERS.slice(0, 5).map(({ email, role, sellerVerified }) => ({ email, role, sellerVerified }))).toEqual([
      { email: "admin@autoreseller.test", role: "admin", sellerVerified: false },
      { email: SELLER, role: "seller", sellerVerified: true },
      { email: SELLER2, role: "seller", sellerVerified: false },
      { email: BUYER, role: "buyer", sellerVerified: false },
      { email: "buyer2@autoreseller.test", role: "buyer", sellerVerified: false },
    ]);
  });

  it("add sellers (some verified, members for different times) and buyers, all with unique emails", () => {
    const sellers = DEMO_USERS.filter((user) => user.role === "seller");
    expect(sellers.length).toBeGreaterThanOrEqual(6);
    expect(sellers.filter((user) => user.sellerVerified).length).toBeGreaterThanOrEqual(3);
    expect(new Set(sellers.map((user) => user.memberForDays)).size).toBe(sellers.length);
    expect(Math.max(...sellers.map((user) => user.memberForDays))).toBeGreaterThan(3 * 365);
    expect(DEMO_USERS.filter((user) => user.role === "buyer").length).toBeGreaterThanOrEqual(4);
    expect(new Set(DEMO_USERS.map((user) => user.email)).size).toBe(DEMO_USERS.length);
    for (const user of DEMO_USERS) expect(user.phone).toMatch(/^[\d\s+()-]{6,20}$/);
  });
});

describe("the demo market", () => {
  it("is the same market every time, its dates relative to the moment of seeding", () => {
    expect(buildDemoMarket(NOW)).toEqual(market);
    const later = buildDemoMarket(NOW + DAY);
    expect(later.cars.map((car) => car.createdAt - DAY)).toEqual(cars.map((car) => car.createdAt));
    expect(later.cars.map((car) => car.vin)).toEqual(cars.map((car) => car.vin));
  });

  it("has 120 cars over at least 6 categories, 6 sellers and 10 makes, listed over the past 90 days", () => {
    expect(cars).toHaveLength(120);
    expect(DEMO_CATEGORIES.length).toBeGreaterThanOrEqual(6);
    expect(new Set(cars.map((car) => car.category))).toEqual(new Set(DEMO_CATEGORIES.map((category) => category.name)));
    expect(new Set(cars.map((car) => car.seller)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(cars.map((car) => car.make)).size).toBeGreaterThanOrEqual(10);
    for (const car of cars) {
      expect(car.createdAt).toBeLessThan(NOW);
      expect(car.createdAt).toBeGreaterThan(NOW - 90 * DAY);
    }
    // Paging through a category: at least one holds more than a page (24) of cars for sale.
    expect(
      Math.max(...DEMO_CATEGORIES.map((category) => cars.filter((car) => unsold(car) && car.category === category.name).length)),
    ).toBeGreaterThan(24);
  });

  it("gives every car believable vehicle data", () => {
    for (const car of cars) {
      expect(car.name).toBe(`${car.make} ${car.model} ${car.year}`);
      expect(car.year).toBeGreaterThanOrEqual(2012);
      expect(car.year).toBeLessThanOrEqual(2025);
      const age = 2026 - car.year;
      expect(car.mileageKm / Math.max(0.5, age - 0.5), car.name).toBeGreaterThan(2500);
      expect(car.mileageKm / Math.max(0.5, age - 0.5), car.name).toBeLessThan(20000);
      expect(["automatic", "manual"]).toContain(car.transmission);
      expect(["petrol", "diesel", "hybrid", "electric", "cng", "lpg"]).toContain(car.fuel);
      expect(car.fuel === "electric").toBe(car.category === "Electric");
      expect(car.mobile).toMatch(/^[\d\s+()-]{6,20}$/);
      expect(car.description.length).toBeGreaterThan(60);
      expect(car.description.length).toBeLessThanOrEqual(2000);
    }
    expect(new Set(cars.map((car) => car.description)).size).toBe(cars.length);
    expect(new Set(cars.map((car) => car.colour)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(cars.map((car) => car.location)).size).toBe(7);
    expect(new Set(cars.map((car) => car.condition)).size).toBe(3);
    expect(cars.some((car) => car.transmission === "manual")).toBe(true);
  });

  it("gives every car a valid VIN of its maker, with its model year, each VIN once", () => {
    expect(new Set(cars.map((car) => car.vin)).size).toBe(cars.length);
    for (const car of cars) {
      expect(vinProblem(car.vin), car.vin).toBeUndefined();
      // The offline decoder names the make and the model year (price analysis and the car page use it).
      expect(decodeVin(car.vin), car.vin).toMatchObject({ manufacturer: car.make, modelYear: car.year });
      expect(WMIS[car.make], car.make).toContain(car.vin.slice(0, 3));
      expect(car.vin[9]).toBe("ABCDEFGHJKLMNPRSTVWXY"[car.year - 2010]);
    }
    expect(cars.some((car) => /^[1-5]/.test(car.vin))).toBe(true);
    expect(cars.some((car) => /^[JKW]/.test(car.vin))).toBe(true);
  });

  it("makes North American check digits right", () => {
    const vin = demoVin({ wmi: "1FA", vds: "6P8TH" }, 2016, "5", 123456);
    expect(vin).toHaveLength(17);
    expect(vinProblem(vin)).toBeUndefined();
  });

  it("prices cars by model, age, mileage and condition, with several of each common model to compare", () => {
    const byModel = new Map<string, DemoCar[]>();
    for (const car of cars) byModel.set(`${car.make} ${car.model}`, [...(byModel.get(`${car.make} ${car.model}`) ?? []), car]);
    const common = [...byModel.values()].filter((group) => group.length >= 3);
    expect(common.length).toBeGreaterThanOrEqual(8);
    expect(common.some((group) => new Set(group.map((car) => car.year)).size >= 3)).toBe(true);
    for (const group of common) {
      // Newer cars of a model ask more on the whole than older ones.
      const sorted = [...group].sort((a, b) => a.year - b.year);
      const oldest = sorted.filter((car) => car.year === sorted[0].year);
      const newest = sorted.filter((car) => car.year === sorted[sorted.length - 1].year);
      const mean = (xs: DemoCar[]) => xs.reduce((sum, car) => sum + current(car), 0) / xs.length;
      if (sorted[sorted.length - 1].year - sorted[0].year >= 3) expect(mean(newest)).toBeGreaterThan(mean(oldest));
    }
    for (const car of cars) {
      expect(current(car)).toBeGreaterThan(1000);
      expect(current(car)).toBeLessThan(car.originalPrice);
      expect(current(car) % 100).toBe(0);
    }
  });

  it("keeps a price history: the listing price first, later changes in order; a fifth dropped, a few rose", () => {
    for (const car of cars) {
      expect(car.prices[0].at).toBe(car.createdAt);
      for (let i = 1; i < car.prices.length; i++) {
        expect(car.prices[i].at).toBeGreaterThan(car.prices[i - 1].at);
        expect(car.prices[i].at).toBeLessThan(NOW);
        expect(car.prices[i].price).not.toBe(car.prices[i - 1].price);
      }
    }
    const dropped = cars.filter((car) => car.prices.some((change, i) => i > 0 && change.price < car.prices[i - 1].price));
    const raised = cars.filter((car) => car.prices.some((change, i) => i > 0 && change.price > car.prices[i - 1].price));
    expect(dropped.length).toBeGreaterThanOrEqual(18);
    expect(dropped.length).toBeLessThanOrEqual(36);
    expect(dropped.some((car) => car.prices.length === 3)).toBe(true);
    expect(raised.length).toBeGreaterThanOrEqual(2);
  });

  it("shows 2 to 4 photos per car, the side view first, sharing rendered photos", () => {
    for (const car of cars) {
      expect(car.photos.length).toBeGreaterThanOrEqual(2);
      expect(car.photos.length).toBeLessThanOrEqual(4);
      expect(car.photos[0].angle).toBe("side");
      expect(new Set(car.photos.map((photo) => photo.angle)).size).toBe(car.photos.length);
    }
    const distinct = new Set(cars.flatMap((car) => car.photos.map((photo) => photo.key)));
    expect(distinct.size).toBeLessThan(cars.reduce((sum, car) => sum + car.photos.length, 0));
    expect(new Set(cars.flatMap((car) => car.photos.map((photo) => photo.angle)))).toEqual(new Set(["side", "front", "rear", "interior"]));
  });

  it("lets both contract sellers show at least 9 unsold cars over several categories, some advertised", () => {
    for (const email of [SELLER, SELLER2]) {
      const theirs = cars.filter((car) => car.seller === email && unsold(car));
      expect(theirs.length, email).toBeGreaterThanOrEqual(9);
      expect(new Set(theirs.map((car) => car.category)).size, email).toBeGreaterThanOrEqual(4);
      expect(
        theirs.some((car) => car.advertised),
        email,
      ).toBe(true);
    }
    const advertised = cars.filter((car) => car.advertised);
    expect(advertised.length).toBeGreaterThanOrEqual(3);
    expect(advertised.length).toBeLessThanOrEqual(24);
    expect(advertised.every(unsold)).toBe(true);
  });

  it("has a few sold cars from both contract sellers, one bought by buyer@, paid after booking", () => {
    const sold = cars.filter((car) => car.sale);
    expect(sold.length).toBeGreaterThanOrEqual(3);
    expect(sold.length).toBeLessThanOrEqual(12);
    expect(sold.some((car) => car.seller === SELLER)).toBe(true);
    expect(sold.some((car) => car.seller === SELLER2)).toBe(true);
    expect(sold.some((car) => car.sale!.buyer === BUYER)).toBe(true);
    for (const car of sold) {
      expect(car.sale!.bookedAt).toBeGreaterThan(car.prices[car.prices.length - 1].at);
      expect(car.sale!.paidAt).toBeGreaterThan(car.sale!.bookedAt);
      expect(car.sale!.paidAt).toBeLessThan(NOW);
      expect(DEMO_USERS.find((user) => user.email === car.sale!.buyer)!.role).toBe("buyer");
    }
  });

  it("has open bookings by buyers, on unsold cars, some on seller@'s, one per buyer and car", () => {
    expect(bookings.length).toBeGreaterThanOrEqual(5);
    const pairs = [
      ...bookings.map((booking) => `${booking.buyer} ${booking.car}`),
      ...cars.flatMap((car, i) => (car.sale ? [`${car.sale.buyer} ${i}`] : [])),
    ];
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const booking of bookings) {
      const car = cars[booking.car];
      expect(unsold(car)).toBe(true);
      expect(booking.createdAt).toBeGreaterThan(car.createdAt);
      expect(booking.createdAt).toBeLessThan(NOW);
      expect(booking.meetingLocation.length).toBeGreaterThan(0);
    }
    const onSeller = bookings.filter((booking) => cars[booking.car].seller === SELLER);
    expect(onSeller.length).toBeGreaterThanOrEqual(2);
    expect(new Set(onSeller.map((booking) => booking.buyer))).toContain(BUYER);
    expect(new Set(bookings.map((booking) => booking.buyer))).toContain("buyer2@autoreseller.test");
  });

  it("has several reports by buyers with reasons and notes, one per reporter and car", () => {
    expect(reports.length).toBeGreaterThanOrEqual(5);
    expect(new Set(reports.map((report) => report.reason)).size).toBeGreaterThanOrEqual(4);
    expect(reports.filter((report) => report.note.length > 0).length).toBeGreaterThanOrEqual(5);
    const pairs = reports.map((report) => `${report.reporter} ${report.car}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    for (const report of reports) {
      expect(DEMO_USERS.find((user) => user.email === report.reporter)!.role).toBe("buyer");
      expect(report.note.length).toBeLessThanOrEqual(500);
      expect(report.createdAt).toBeGreaterThan(cars[report.car].createdAt);
      expect(report.createdAt).toBeLessThan(NOW);
    }
  });

  it("has reviews of sold cars' sellers by their buyers, after paying, one answered by seller@; one of buyer@'s purchases left to rate", () => {
    expect(reviews.length).toBeGreaterThanOrEqual(5);
    expect(new Set(reviews.map((review) => review.car)).size).toBe(reviews.length);
    for (const review of reviews) {
      const { sale } = cars[review.car];
      expect(sale).toBeDefined();
      expect(Number.isInteger(review.rating) && review.rating >= 1 && review.rating <= 5).toBe(true);
      expect(review.text.length).toBeLessThanOrEqual(1000);
      expect(review.createdAt).toBeGreaterThan(sale!.paidAt);
      expect(review.createdAt).toBeLessThan(NOW);
      if (review.answer) expect(review.answer.at).toBeGreaterThanOrEqual(review.createdAt);
    }
    const answered = reviews.filter((review) => review.answer);
    expect(answered.map((review) => cars[review.car].seller)).toEqual([SELLER]);
    const reviewed = new Set(reviews.map((review) => review.car));
    expect(cars.some((car, index) => car.sale?.buyer === BUYER && !reviewed.has(index))).toBe(true);
  });
});
