/** The short company pages linked from the footer. */
export const INFO_PAGES: Record<string, { title: string; body: string[] }> = {
  about: {
    title: "About us",
    body: [
      "Auto Reseller is a marketplace for used cars in Bangladesh. Sellers list their cars with photos and honest condition reports; buyers browse by category, book a car and pay securely by card.",
      "Admins review reported listings and verify sellers, so you can buy with confidence.",
    ],
  },
  contact: {
    title: "Contact",
    body: [
      "Questions about a listing? Use the contact number on the car's card to reach its seller directly.",
      "For help with your account or a payment, write to support@autoreseller.example and we answer within one working day.",
    ],
  },
  jobs: {
    title: "Jobs",
    body: ["We are a small team building the best place to buy and sell a used car. We have no open positions right now; check back soon."],
  },
  "press-kit": {
    title: "Press kit",
    body: ["For press enquiries, logos and screenshots, write to press@autoreseller.example."],
  },
  // What the verified badge means, no more than the app does: an admin's one-way, recorded approval.
  "verified-sellers": {
    title: "Verified sellers",
    body: [
      "The verified badge beside a seller's name means an Auto Reseller admin has reviewed the seller's account and approved it. A person gives it, never the site on its own, and only to seller accounts.",
      "Before approving, the admin looks at what we know about the seller: the name and email address on the account, the cars the seller has listed and sold here, and any reports buyers have made about those cars. The admin confirms the approval, and each one is kept in the admins' audit trail with who gave it and when.",
      "The badge then shows wherever the seller does: on their cars, on each car's page and on the seller's own page. It stays until the account is removed; an admin removes sellers who break the rules.",
      "What it does not mean: we do not inspect cars, check their papers or stand behind a sale. See the car, its papers and its VIN for yourself before you pay, and report a listing that looks wrong.",
    ],
  },
};
