import Database from "libsql";
const lite = new Database(process.env.DB ?? "/tmp/wider.db");
const id = (lite.prepare("select id from products where is_paid = 0 order by id limit 1").get() as any).id;
const car = lite.prepare("select * from products where id = ?").get(id) as any;
const show = (sql: string, ...args: unknown[]) => {
  console.log(lite.prepare(`explain query plan ${sql}`).all(...args).map((r: any) => r.detail).join("\n"));
  const t = performance.now(); const rows = lite.prepare(sql).all(...args); console.log(rows.length, "rows", (performance.now() - t).toFixed(2), "ms\n");
};
show(`select c.id from products c join products t on t.id = ? where c.category_id = t.category_id and c.is_paid = 0 and c.id <> t.id order by c.created_at desc limit 60`, id);
console.log(car.make, car.model, car.purchase_year, lite.prepare("select count(*) n from products where make = ? collate nocase and model = ? collate nocase").get(car.make, car.model));
show(`select p.resale_price from products p left join payments on payments.product_id = p.id where p.id <> ? and p.make = ? collate nocase and p.model = ? collate nocase and p.purchase_year between ? and ? order by abs(p.purchase_year - ?), p.created_at desc, p.id limit 50`, id, car.make, car.model, car.purchase_year - 2, car.purchase_year + 2, car.purchase_year);
