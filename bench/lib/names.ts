// Realistic, varied people for the seeder: full names from combined first/last name lists (with
// middle initials, double surnames and accents now and then) and the e-mail addresses people use.

const FIRST = `James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara
Richard Susan Joseph Jessica Thomas Sarah Christopher Karen Charles Lisa Daniel Nancy Matthew Betty
Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily Paul Donna Joshua Michelle
Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Rebecca Jason Laura
Edward Sharon Jeffrey Cynthia Ryan Kathleen Jacob Amy Gary Angela Nicholas Shirley Eric Anna Jonathan
Brenda Stephen Pamela Larry Emma Justin Nicole Scott Helen Brandon Samantha Benjamin Katherine Samuel
Christine Gregory Debra Alexander Rachel Patrick Carolyn Frank Janet Raymond Maria Jack Olivia Dennis
Heather Jerry Diane Tyler Julie Aaron Joyce Jose Victoria Adam Ruth Nathan Virginia Henry Lauren Zachary
Kelly Douglas Christina Peter Joan Kyle Evelyn Noah Judith Ethan Andrea Jeremy Hannah Walter Megan
Christian Cheryl Keith Jacqueline Roger Martha Terry Madison Austin Teresa Sean Gloria Gerald Sara
Carl Janice Harold Ann Dylan Kathryn Arthur Abigail Lawrence Sophia Jordan Frances Jesse Jean Bryan
Alice Billy Judy Bruce Isabella Gabriel Julia Joe Grace Logan Amber Alan Denise Juan Danielle Albert
Marilyn Willie Beverly Elijah Charlotte Wayne Natalie Randy Theresa Vincent Diana Mason Brittany Roy
Doris Ralph Kayla Bobby Alexis Russell Lori Bradley Marie Philip Tamika Eugene Latoya Darnell Keisha
Malik Imani Jamal Aaliyah Tyrone Ebony DeShawn Jasmine Terrell Precious Andre Shanice Marcus Kiara
Xavier Tiana Jalen Nia Kofi Ama Chidi Ngozi Wei Mei Hiroshi Yuki Raj Priya Arjun Ananya Mohammed
Fatima Omar Layla Ahmed Zainab Diego Sofia Mateo Valentina Santiago Camila Luis Lucia Carlos Ximena
Olga Dmitri Ivan Katya Liam Aoife Siobhan Niamh Björn Zoë José Renée André Chloé Noël Zoey Amara`;

const LAST = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez
Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams
Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz
Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson
Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray
Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins
Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero
Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant
Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez
McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford
Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Muñoz Hunt Hicks Holmes Palmer
Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels
Ferguson Nichols Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold
Pierce Vazquez Hansen Peters Santos Hart Bradley Knight Elliott Cunningham Duncan Armstrong Hudson
Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston Matthews Peña Richards
Okafor Mensah Adeyemi Okonkwo Nakamura Tanaka Watanabe Singh Sharma Gupta Khan Ali Hassan Ibrahim
Kowalski Nowak Novak Ivanov Petrov O'Brien O'Connor MacLeod Dubois Lefèvre Müller Schneider Fischer
Rossi Russo Bianchi Costa Ferreira Oliveira Pereira Nielsen Larsen Johansson Lindqvist Çelik Yılmaz`;

const split = (text: string) => text.split(/\s+/).filter(Boolean);
export const FIRST_NAMES = split(FIRST);
export const LAST_NAMES = split(LAST);
const DOMAINS = ["example.com", "example.net", "example.org", "mail.example", "inbox.example"];

export interface Person {
  fullName: string;
  email: string;
}

/** ASCII-folded, lower-case, letters and digits only: what people type into an address. */
export const fold = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/ı/g, "i")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");

export function makePerson(next: () => number): Omit<Person, "email"> & { local: string } {
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const first = pick(FIRST_NAMES);
  let last = pick(LAST_NAMES);
  const roll = next();
  if (roll < 0.05) last = `${last}-${pick(LAST_NAMES)}`;
  const middle = roll > 0.9 ? ` ${pick(FIRST_NAMES).charAt(0)}.` : "";
  const fullName = `${first}${middle} ${last}`;
  const f = fold(first);
  const l = fold(last);
  const year = String(1950 + Math.floor(next() * 56));
  const digits = String(Math.floor(next() * 1000));
  const styles = [
    `${f}.${l}`,
    `${f}${l}`,
    `${f.charAt(0)}${l}`,
    `${f}${l.charAt(0)}`,
    `${f}_${l}`,
    `${f}.${l}${year.slice(2)}`,
    `${f}${year}`,
    `${l}.${f}`,
    `${f}${digits}`,
    `${f.charAt(0)}.${l}${digits}`,
  ];
  return { fullName, local: pick(styles) };
}

/** Adds a domain; a taken address gets a number before the @. */
export function uniqueEmail(local: string, taken: Set<string>, next: () => number): string {
  const domain = DOMAINS[Math.floor(next() * DOMAINS.length)] as string;
  let email = `${local}@${domain}`;
  for (let n = 2; taken.has(email) && n < 10_000; n++) email = `${local}${n}@${domain}`;
  taken.add(email);
  return email;
}

const NICKS = `ace ash bee bo cat dee dj doc eli fox gigi jay jo kat kay kiki lu max mo neo ollie
pip red rio sam sky tee vee zed zee nova blue coco echo luna milo remy ziggy bunny duke`.split(
  /\s+/,
);

/** A reserved username (1–15 of a–z 0–9 . - _) built from the person, not yet in `taken`. */
export function reservedUsername(
  fullName: string,
  taken: Set<string>,
  next: () => number,
): string | null {
  const [first = "x", ...rest] = fullName.split(" ");
  const f = fold(first);
  const l = fold(rest.at(-1) ?? "");
  const nick = NICKS[Math.floor(next() * NICKS.length)] as string;
  const candidates = [
    f.slice(0, 15),
    `${f}.${l.charAt(0)}`,
    `${nick}.${f}`.slice(0, 15),
    `the${f}`.slice(0, 15),
    `${f}${Math.floor(next() * 100)}`,
    `${nick}${Math.floor(next() * 10_000)}`,
    `${f.charAt(0)}${l}`.slice(0, 15),
  ];
  for (const candidate of candidates) {
    if (candidate.length >= 1 && !taken.has(candidate)) return candidate;
  }
  return null;
}
