import { describe, expect, it } from "vitest";
import {
  fillFromVin,
  vinFill,
  decodeVin,
  hasCheckDigit,
  sameMaker,
  VIN_CHECK_DIGIT_MESSAGE,
  VIN_FORMAT_MESSAGE,
  VIN_MAKERS,
  VIN_PATTERN,
  vinCheckDigit,
  vinMakerNote,
  vinProblem,
} from "./vin";

// Model years outside North America depend on the date: these tests decode as of mid-2025, so the
// latest year a code may stand for is 2026.
const NOW = new Date("2025-06-15T12:00:00Z");

// North American VINs whose 9th character was worked out by hand with the weights and letter
// values of 49 CFR 565 (sum of value × weight, modulo 11, 10 written X).
const HONDA_ACCORD_2003 = "1HGCM82633A004352"; // sum 311, 311 mod 11 = 3
const MCI_COACH_1989 = "1M8GDM9AXKP042788"; // sum 351, 351 mod 11 = 10 → X
const CHEVROLET_2006 = "1G1ZT53826F109149"; // sum 409, 409 mod 11 = 2
const FORD_F150_2013 = "1FTFW1ET9DFC10312"; // sum 295, 295 mod 11 = 9
const TESLA_MODEL_S_2017 = "5YJSA1E25HF123456"; // sum 346, 346 mod 11 = 5
// The same Chevrolet with model-year code A, once with a digit in position 7 and once with a letter.
const CHEVROLET_A_DIGIT = "1G1ZT5381AF109149"; // sum 364, 364 mod 11 = 1
const CHEVROLET_A_LETTER = "1G1ZT5E85AF109149"; // sum 368, 368 mod 11 = 5

describe("VIN check digit", () => {
  it.each([HONDA_ACCORD_2003, MCI_COACH_1989, CHEVROLET_2006, FORD_F150_2013, TESLA_MODEL_S_2017, CHEVROLET_A_DIGIT, CHEVROLET_A_LETTER])(
    "accepts %s, whose 9th character is its check digit",
    (vin) => {
      expect(vinCheckDigit(vin)).toBe(vin[8]);
      expect(vinProblem(vin)).toBeUndefined();
    },
  );

  it("writes a remainder of 10 as X", () => {
    expect(vinCheckDigit(MCI_COACH_1989)).toBe("X");
  });

  it.each([
    ["the last character", "1HGCM82633A004353"],
    ["the model year", "1HGCM82633B004352"],
    ["the check digit itself", "1HGCM82643A004352"],
    ["the check digit, X to 0", "1M8GDM9A0KP042788"],
  ])("refuses a North American VIN with %s changed", (_change, vin) => {
    expect(vinProblem(vin)).toBe(VIN_CHECK_DIGIT_MESSAGE);
  });

  it.each([
    ["Volkswagen, Germany", "WVWZZZ1JZXW000001"],
    ["Toyota, Japan", "JTDBR32E720123456"],
  ])("accepts a VIN from outside North America (%s) whose 9th character is not a check digit", (_maker, vin) => {
    expect(hasCheckDigit(vin)).toBe(false);
    expect(vinCheckDigit(vin)).not.toBe(vin[8]); // the VIN would fail if its check digit were checked
    expect(vinProblem(vin)).toBeUndefined();
  });

  it("checks the digit of every North American VIN (first character 1–5) and of no other", () => {
    expect(["1", "2", "3", "4", "5"].map((first) => hasCheckDigit(`${first}HGCM82633A004352`))).toEqual([true, true, true, true, true]);
    expect(["6", "7", "8", "9", "0", "A", "J", "S", "W"].some((first) => hasCheckDigit(`${first}HGCM82633A004352`))).toBe(false);
  });
});

describe("VIN format", () => {
  it.each([
    ["an I", "1HGCM8263IA004352"],
    ["an O", "1HGCM82633A0O4352"],
    ["a Q", "QHGCM82633A004352"],
    ["16 characters", "1HGCM82633A00435"],
    ["18 characters", "1HGCM82633A0043521"],
    ["a space", "1HGCM82633A 04352"],
    ["lower case", "1hgcm82633a004352"],
    ["nothing", ""],
  ])("refuses a VIN with %s", (_problem, vin) => {
    expect(VIN_PATTERN.test(vin)).toBe(false);
    expect(vinProblem(vin)).toBe(VIN_FORMAT_MESSAGE);
    expect(decodeVin(vin, NOW)).toBeNull();
  });
});

describe("decodeVin", () => {
  it.each([
    [HONDA_ACCORD_2003, "Honda", "North America", 2003],
    [CHEVROLET_2006, "Chevrolet", "North America", 2006],
    [FORD_F150_2013, "Ford", "North America", 2013],
    [TESLA_MODEL_S_2017, "Tesla", "North America", 2017],
    ["JTDBR32E720123456", "Toyota", "Asia", 2002],
    ["JTHBK1GG0F2123456", "Lexus", "Asia", 2015],
    ["KNAGM4A77D5123456", "Kia", "Asia", 2013],
    ["WVWZZZ1JZXW000001", "Volkswagen", "Europe", 1999],
    ["WBA3A5C51FK123456", "BMW", "Europe", 2015],
    ["TMBJJ7NE8L0123456", "Škoda", "Europe", 2020],
    ["W1K2130421A123456", "Mercedes-Benz", "Europe", 2001],
    ["SALGS2SE0TA123456", "Land Rover", "Europe", 2026],
    ["AAVZZZ6RZDU000001", "Volkswagen", "Africa", 2013],
    ["6G1EK5EJ9BL123456", "Holden", "Oceania", 2011],
    ["9BWZZZ377VT004251", "Volkswagen", "South America", 1997],
  ])("decodes %s as a %s from %s, model year %i", (vin, manufacturer, region, modelYear) => {
    expect(decodeVin(vin, NOW)).toEqual({ manufacturer, region, modelYear });
  });

  it("prefers a maker's 3-character WMI over another's 2-character one", () => {
    expect(decodeVin("JTDBR32E720123456", NOW)?.manufacturer).toBe("Toyota"); // JT…
    expect(decodeVin("JTHBK1GG0F2123456", NOW)?.manufacturer).toBe("Lexus"); // JTH
    expect(decodeVin("JN1AZ4EH5DM123456", NOW)?.manufacturer).toBe("Nissan"); // JN…
    expect(decodeVin("JNKCV51E63M123456", NOW)?.manufacturer).toBe("Infiniti"); // JNK
  });

  it("gives no maker for a WMI not in the table, but still its region and model year", () => {
    expect(decodeVin(MCI_COACH_1989, NOW)).toEqual({ manufacturer: null, region: "North America", modelYear: 1989 });
    expect(decodeVin("LZZ1CCND5AW123456", NOW)).toEqual({ manufacturer: null, region: "Asia", modelYear: 2010 });
  });

  it("gives no region for a first character of 0", () => {
    expect(decodeVin("0AAAAAAAAAA000000", NOW)).toEqual({ manufacturer: null, region: null, modelYear: 2010 });
  });

  it("reads the model-year cycle of a North American VIN from position 7: a digit for 1980–2009, a letter for 2010–2039", () => {
    expect(decodeVin(CHEVROLET_A_DIGIT, NOW)?.modelYear).toBe(1980);
    expect(decodeVin(CHEVROLET_A_LETTER, NOW)?.modelYear).toBe(2010);
    // The rule, not the date, decides: a letter means the later cycle even when that year is to come.
    expect(decodeVin("1G1ZT5E85YF109149", NOW)?.modelYear).toBe(2030);
    expect(decodeVin("1G1ZT53859F109149", new Date("2038-01-01"))?.modelYear).toBe(2009);
  });

  it("takes the latest year of the cycle not later than next year outside North America", () => {
    expect(decodeVin("WVWZZZ1JZTW000001", NOW)?.modelYear).toBe(2026); // T: 1996 or 2026, and 2026 is next year
    expect(decodeVin("WVWZZZ1JZVW000001", NOW)?.modelYear).toBe(1997); // V: 2027 is too late
    expect(decodeVin("WVWZZZ1JZVW000001", new Date("2026-03-01"))?.modelYear).toBe(2027);
    expect(decodeVin("JTDBR32E720123456", new Date("2031-06-01"))?.modelYear).toBe(2032);
    expect(decodeVin("WVWZZZ1JZ9W000001", NOW)?.modelYear).toBe(2009);
    expect(decodeVin("WVWZZZ1JZYW000001", NOW)?.modelYear).toBe(2000);
    expect(decodeVin("WVWZZZ1JZYW000001", new Date("1995-01-01"))?.modelYear).toBe(2000); // codes start at 1980
  });

  it("decodes every model-year code to a different year of one 30-year cycle", () => {
    const years = [..."ABCDEFGHJKLMNPRSTVWXY123456789"].map((code) => decodeVin(`1G1ZT5381${code}F109149`, NOW)?.modelYear);
    expect(years).toEqual(Array.from({ length: 30 }, (_, i) => 1980 + i));
  });

  it.each(["0", "U", "Z"])("gives no model year for a 10th character of %s", (code) => {
    const vin = `WVWZZZ1JZ${code}W000001`;
    expect(VIN_PATTERN.test(vin)).toBe(true);
    expect(decodeVin(vin, NOW)).toEqual({ manufacturer: "Volkswagen", region: "Europe", modelYear: null });
  });

  it("decodes as of today when not given a date", () => {
    const nextYear = new Date().getFullYear() + 1;
    const modelYear = decodeVin("WVWZZZ1JZAW000001")?.modelYear ?? 0;
    expect(modelYear).toBeLessThanOrEqual(nextYear);
    expect(modelYear).toBeGreaterThan(nextYear - 30);
    expect((modelYear - 1980) % 30).toBe(0);
  });
});

describe("the WMI table", () => {
  it("has at least 40 makers, each once", () => {
    const names = VIN_MAKERS.map((maker) => maker.name);
    expect(names.length).toBeGreaterThanOrEqual(40);
    expect(new Set(names).size).toBe(names.length);
  });

  it("lists each WMI once, as 2 or 3 characters a VIN may start with", () => {
    const wmis = VIN_MAKERS.flatMap((maker) => maker.wmis);
    expect(wmis.filter((wmi) => !/^[A-HJ-NPR-Z0-9]{2,3}$/.test(wmi))).toEqual([]);
    expect(wmis.filter((wmi, i) => wmis.indexOf(wmi) !== i)).toEqual([]);
  });

  it("decodes a VIN starting with each 3-character WMI to its maker", () => {
    const wrong = VIN_MAKERS.flatMap((maker) =>
      maker.wmis
        .filter((wmi) => wmi.length === 3)
        .filter((wmi) => decodeVin(`${wmi}ZZZ1JZXW000001`, NOW)?.manufacturer !== maker.name)
        .map((wmi) => `${wmi} ${maker.name}`),
    );
    expect(wrong).toEqual([]);
  });

  it("covers the common WMIs of the largest makers", () => {
    const decoded = (wmi: string) => decodeVin(`${wmi}ZZZ1JZXW000001`, NOW)?.manufacturer;
    expect(
      Object.fromEntries(
        [
          "JTD",
          "1HG",
          "JHM",
          "WVW",
          "WV1",
          "WV2",
          "WBA",
          "WDB",
          "WDD",
          "W1K",
          "5YJ",
          "KMH",
          "KNA",
          "KND",
          "1G1",
          "1FA",
          "1FT",
          "JN1",
          "SAL",
        ].map((wmi) => [wmi, decoded(wmi)]),
      ),
    ).toEqual({
      JTD: "Toyota",
      "1HG": "Honda",
      JHM: "Honda",
      WVW: "Volkswagen",
      WV1: "Volkswagen",
      WV2: "Volkswagen",
      WBA: "BMW",
      WDB: "Mercedes-Benz",
      WDD: "Mercedes-Benz",
      W1K: "Mercedes-Benz",
      "5YJ": "Tesla",
      KMH: "Hyundai",
      KNA: "Kia",
      KND: "Kia",
      "1G1": "Chevrolet",
      "1FA": "Ford",
      "1FT": "Ford",
      JN1: "Nissan",
      SAL: "Land Rover",
    });
  });
});

describe("sameMaker", () => {
  it("matches the decoded maker ignoring case, accents, spaces and punctuation", () => {
    expect(sameMaker("Mercedes-Benz", "mercedes benz")).toBe(true);
    expect(sameMaker("Mercedes-Benz", "MERCEDES-BENZ")).toBe(true);
    expect(sameMaker("Škoda", "skoda")).toBe(true);
    expect(sameMaker("Citroën", " Citroen ")).toBe(true);
    expect(sameMaker("Land Rover", "landrover")).toBe(true);
    expect(sameMaker("Rolls-Royce", "Rolls Royce")).toBe(true);
  });

  it("matches a maker's other names and brands", () => {
    expect(sameMaker("Volkswagen", "VW")).toBe(true);
    expect(sameMaker("Mercedes-Benz", "Mercedes")).toBe(true);
    expect(sameMaker("Opel", "Vauxhall")).toBe(true);
    expect(sameMaker("Chevrolet", "chevy")).toBe(true);
    expect(sameMaker("Land Rover", "Range Rover")).toBe(true);
    expect(sameMaker("FCA US", "Jeep")).toBe(true);
    expect(sameMaker("FCA US", "dodge")).toBe(true);
  });

  it("matches every name and alias in the table to its maker", () => {
    const misses = VIN_MAKERS.flatMap((maker) => [maker.name, ...(maker.aliases ?? [])].filter((make) => !sameMaker(maker.name, make)));
    expect(misses).toEqual([]);
  });

  it("does not match a sister brand or another maker", () => {
    expect(sameMaker("Lexus", "Toyota")).toBe(false);
    expect(sameMaker("Toyota", "Lexus")).toBe(false);
    expect(sameMaker("Honda", "Acura")).toBe(false);
    expect(sameMaker("Nissan", "Infiniti")).toBe(false);
    expect(sameMaker("Audi", "Volkswagen")).toBe(false);
    expect(sameMaker("Jeep", "Dodge")).toBe(false);
    expect(sameMaker("FCA US", "Fiat")).toBe(false);
    expect(sameMaker("Mercedes-Benz", "BMW")).toBe(false);
  });

  it("matches a maker missing from the table by its name alone, and never an empty make", () => {
    expect(sameMaker("Motor Coach Industries", "motor-coach industries")).toBe(true);
    expect(sameMaker("Motor Coach Industries", "MCI")).toBe(false);
    expect(sameMaker("Volkswagen", "")).toBe(false);
    expect(sameMaker("Volkswagen", " - ")).toBe(false);
    expect(sameMaker(" ", "-")).toBe(false);
  });
});

describe("vinMakerNote", () => {
  it("names the VIN's maker when the make entered is another one", () => {
    expect(vinMakerNote("JTDBR32E530012345", "Honda")).toBe("This VIN belongs to a Toyota; check the make or the VIN");
    expect(vinMakerNote("wauzzz8k9ba000001", "BMW")).toBe("This VIN belongs to an Audi; check the make or the VIN");
  });

  it("says nothing when they agree, or when the VIN is missing, invalid or not decodable", () => {
    expect(vinMakerNote("JTDBR32E530012345", "toyota")).toBeUndefined();
    expect(vinMakerNote("WVWZZZ1JZXW000001", "VW")).toBeUndefined();
    expect(vinMakerNote(undefined, "Honda")).toBeUndefined();
    expect(vinMakerNote("JTDBR32E530012345", "")).toBeUndefined();
    expect(vinMakerNote("1HGCM82643A004352", "Toyota")).toBeUndefined();
    expect(vinMakerNote("00000000000000000", "Toyota")).toBeUndefined();
  });
});

describe("vinFill and fillFromVin (the listing form's empty make and year)", () => {
  // JT…: Toyota; 10th character 5: the 2005 model year.
  const TOYOTA = "JTDBR32E550012345";

  it("gives a valid VIN's maker and model year, never a year after the latest", () => {
    expect(vinFill(TOYOTA, 2026)).toEqual({ make: "Toyota", purchaseYear: 2005 });
    expect(vinFill(` ${TOYOTA.toLowerCase()} `, 2026)).toEqual({ make: "Toyota", purchaseYear: 2005 });
    // V is 1997 or 2027: a car of next year's model bought this year counts as this year's.
    expect(vinFill("JTDBR32E5V0012345", 2026).purchaseYear).toBe(2026);
  });

  it("gives nothing for an invalid VIN, and no maker for a WMI missing from the table", () => {
    expect(vinFill("JTDBR32E55001234", 2026)).toEqual({});
    expect(vinFill(undefined, 2026)).toEqual({});
    expect(vinFill("ZZZBR32E550012345", 2026)).toEqual({ purchaseYear: 2005 });
  });

  it("fills only the empty fields it is asked to", () => {
    const form = new FormData();
    form.set("vin", TOYOTA);
    form.set("make", " ");
    form.set("purchaseYear", "2004");
    fillFromVin(form, 2026, ["make", "purchaseYear"]);
    expect([form.get("make"), form.get("purchaseYear")]).toEqual(["Toyota", "2004"]);
    const edit = new FormData();
    edit.set("vin", TOYOTA);
    fillFromVin(edit, 2026, ["make"]);
    expect([edit.get("make"), edit.get("purchaseYear")]).toEqual(["Toyota", null]);
  });
});
