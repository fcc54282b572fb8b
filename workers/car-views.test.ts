import { describe, expect, it } from "vitest";
import { viewedCar } from "./car-views";

// Which requests are views of a car (the counting itself is tested in workerd: tests/integration/seller-tools.test.ts).

const get = (path: string, headers: Record<string, string> = {}) => new Request(`http://localhost${path}`, { headers });

describe("viewedCar", () => {
  it("names the car of a page opened and of the data of a navigation to it, decoded", () => {
    expect(viewedCar(get("/cars/abc-123"))).toBe("abc-123");
    expect(viewedCar(get("/cars/a%20b.data", { referer: "http://localhost/cars" }))).toBe("a b");
  });

  it.each(["/cars/%", "/cars/%E0%A4%A", "/cars/%ZZ.data"])(
    "takes %s, which is not valid percent-encoding, for no view (and never throws)",
    (path) => {
      expect(viewedCar(get(path))).toBeNull();
    },
  );
});
