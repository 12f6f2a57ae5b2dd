import { IMPERSONATION } from "@/lib/screening/frame-categories";
import type { Authority } from "@/lib/screening/frame-lexicon";
import type { RefusalCategory } from "@/lib/screening/screener";

// The intent frame's reading of letters written in Spanish. The English slots (frame-*-slots.ts)
// look for English words, so a Spanish threat or a Spanish "IRS" notice asking for gift cards
// turned only the classifier's key: held, never refused. These are the same questions (who the
// letter speaks as, what it asks for, how money is to move, what harm or exposure it holds over
// the recipient) asked in Spanish, with the same scores: 3 an intent no lawful letter has, 2 an
// intent stated plainly. The words come from the Spanish training letters only
// (tests/fixtures/screening/train/spanish_us_everyday.json); the blind Spanish letters judge them.
//
// Text is read without accents ("ultimo aviso" and "último aviso" alike: letters typed on an
// English keyboard drop them), lower-cased, one sentence at a time.

export type SpanishSlot = { category: RefusalCategory; score: number; name: string; says: string };
export type SpanishReading = { slots: SpanishSlot[]; context: string | null };

const NONE: SpanishReading = { slots: [], context: null };

/** Words only Spanish uses often: a letter where they are many is read here too. */
const SPANISH_WORD = /(?<![\p{L}])(que|de|la|el|los|las|usted|su|sus|para|por|con|una|del|se|le|lo|es|mi|tu|te|nos|pero|como|esta|este|ya|muy|mas|si|al|ha|hay|sin|porque|cuando|todo)(?![\p{L}])/gu;

export function isSpanish(text: string): boolean {
  // The opening is enough to tell, and keeps a 50,000-character English letter cheap.
  const head = text.slice(0, 4000).toLowerCase();
  const words = head.match(/\p{L}+/gu)?.length ?? 0;
  const spanish = head.match(SPANISH_WORD)?.length ?? 0;
  return spanish >= 4 && spanish >= 0.2 * words;
}

type Carta = {
  all: string;
  /** Without the sentences that warn about fraud ("nunca le pediremos su PIN"). */
  plain: string;
  sentences: string[];
  head: string;
  tail: string;
};

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d\u00ab\u00bb]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[¿¡]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();

/** Sentences that describe fraud rather than commit it: what honest senders never do, what scammers say. */
const WARNING = /\bnunca\b[^.]{0,50}\b(pid|ped|llam|cobr|mand|envi|acept|exig|solicit|cort|amenaz|compart|entreg|revel)\w*|\bnunca\b[^.]{0,20}\b(de|des|diga|pague)\b|\bningun[oa]?\b[^.]{0,60}\b(pide|pedira|piden|cobra|cobran|manda|acepta)\b|\bno (le )?(va|vamos|van) a (pedir|cobrar|llamar|mandar|exigir)\b|\bestaf|\bimpostor|\bse hacen? pasar\b|\bdicen? (ser|que (son|es|era|eran)|trabajar)\b|\bsupuest[oa]s?\b|\bcuelgue\b|\bsi (alguna vez |algun dia |usted )?(alguien|le llaman|recibe|le piden|le dicen|le pide|le escriben|le llega)\b|\bno (responda|conteste|abra la puerta)\b|\b(la persona|el estafador|los estafadores|el que llama|alguien)\b[^.]{0,40}\b(le pide|les pide|pide|piden|dice|dicen|decia)\b|\ble pide al cliente\b|\b(te|le|les) (pidio|pidieron|dijo|dijeron) que\b/;

/** Kinds of warning talk: two of them, one naming the fraud, and the letter is a warning. */
const WARNING_TALK = [
  /\bestaf|\bimpostor|\bse hacen? pasar\b|\bdicen? (ser|trabajar|que son)\b|\benganos?\b|\btrampas?\b/,
  /\bcuelgue\b|\bcuelga\b|\bno (responda|conteste|abra la puerta|contestes|abras)\b|\bno (le )?de (su|sus) (informacion|datos)\b|\bapaga la computadora\b/,
  /\bnunca (le |te )?(pedira|pide|piden|pediremos|vamos a pedir|cobra|cobramos|cortamos|manda|llama|exige)\b|\bnadie\b[^.]{0,40}\b(te|le|les)? ?(va|van) a (llamar|pedir|cobrar)\b|\bnadie (serio|honesto|de verdad) (cobra|pide|llama)\b|\bsi alguien (te|le) pide\b|\bningun[oa]?\b[^.]{0,60}\b(pide|pedira|piden|cobra|manda)\b|\bno (le )?(va|vamos|van) a (pedir|cobrar|llamar|mandar|exigir)\b/,
  /\breport(e|ela|elo|arla|arlo|ar)\b|\bftc\b|\bprocurador|\bproteccion al consumidor\b/,
];
/** Fiction and reporting quote threats: a novel's chapter, a query to an agent, a podcast. */
const STORY = /\b(novela|capitulo|cuento|personaje|protagonista|manuscrito|taller literario|guion|podcast|documental|episodio|reportaje|mi libro|la trama)\b/g;

function readCarta(text: string): Carta {
  const lines = text.split(/\r?\n/).map(fold).filter(Boolean);
  // "1. Nombre completo..." is one list item, not a sentence "1." and another.
  const sentences = lines.flatMap((l) => l.split(/(?<!^(?:\d{1,2}|[a-z])[.)])(?<=[.!?])\s+/)).filter(Boolean);
  // Quoted words are someone else's: a warning quoting what the caller asks for.
  const kept = sentences.map((s) => s.replace(/"[^"]{1,200}"/g, " ")).filter((s) => !WARNING.test(s));
  return {
    all: sentences.join(" \n "),
    plain: kept.join(" \n "),
    sentences: kept,
    head: lines.slice(0, 3).filter((l) => l.length <= 90).join(" \n "),
    tail: lines.slice(-3).filter((l) => l.length <= 90).join(" \n "),
  };
}

const some = (c: Carta, re: RegExp) => c.sentences.some((s) => re.test(s));
const kinds = (text: string, list: RegExp[]) => list.filter((re) => re.test(text)).length;

// ------------------------------------------------------------------------------------------
// Money
// ------------------------------------------------------------------------------------------

/** Paying on a hyphenated look-alike site or to a free mailbox ("pagos@servicio-pge-cobros.com"). */
const LOOKALIKE_PAYMENT = /\b(pag\w*|zelle|deposit\w*|ingrese|entre a)\b[^.]{0,80}\b[a-z0-9.]+@?[a-z0-9]+-[a-z0-9-]+\.(com|net|org|info|xyz)\b/;
const AMOUNT = /\$\s?\d|\b\d[\d.,]* (dolares|euros|pesos)\b|\b(mil|cien|quinientos|doscientos|trescientos) dolares\b/;
/** Channels no agency, court, utility or bank takes, and that cannot be reversed once sent. */
const GIFT_OR_CRYPTO = /\bcompr\w*\b[^.]{0,30}\btarjetas\b[^.]{0,80}\b(numeros|codigos)\b|\bleerle los numeros\b|\bnumeros de atras\b|\bgreen ?dot\b|\bmoneypak\b|\btarjetas? (de regalo|prepagad[ao]s?|vanilla|de (apple|steam|google play|target|walmart|ebay|amazon|itunes|visa))\b|\b(tarjetas?|cupones) [^.]{0,25}\b(apple|steam|google play|target|walmart|ebay|itunes|vanilla)\b|\bvanilla (visa|gift)\b|\bbitcoin|\bcriptomoneda|\bcripto\b|\busdt\b|\bmonero\b|\bcajeros? de (bitcoin|cripto)/;
const WIRE = /\bwestern union\b|\bmoneygram\b|\boxxo\b|\b(giro|envio) (telegrafico|de dinero)\b|\bremitly\b|\btransferencia (bancaria|internacional|por wire)\b|\b(por|mediante) (wire|transferencia)\b|\bwire\b/;
const APP = /\bzelle\b|\bcash ?app\b|\bvenmo\b/;
const CASH = /\ben efectivo\b|\bbilletes de (cien|100|a cien)\b|\ben un sobre\b|\bel sobre\b/;
/** Someone sent to the door for the money, the card or the envelope. */
const COLLECTOR = /\bpagar(le)? al (tecnico|inspector|mensajero|agente|empleado)\b|\b(al|del) (tecnico|inspector|mensajero)\b[^.]{0,20}\ben efectivo\b|\b(mensajero|tecnico|inspector|agente|muchacho|representante|empleado|trabajador|chofer)\b[^.]{0,100}\b(recoger|recogerlo|recogerla|recogerlos|cobrar|a cobrarle|recibir el (pago|sobre|dinero))\b|\b(pago|paga|pague|efectivo)\b[^.]{0,40}\bdirectamente al (tecnico|inspector|agente|mensajero|oficial|representante)\b|\ben efectivo\b[^.]{0,60}\b(al|del) (tecnico|inspector|mensajero|agente)\b/;
const SAFE_ACCOUNT = /\bcuenta (segura|de seguridad|protegida|de proteccion|de custodia|temporal a su nombre)\b|\blingotes?\b|\boro fisico\b/;
/** The authority's own offices and website refused. */
const CHANNEL_REFUSED = /\bno (se puede|puede) (hacer|pagar|realizar)[^.]{0,40}\b(sitio web|en linea|pagina|oficina|sucursal)\b|\bno (pague|se aceptan pagos) en linea\b|\bno se aceptan pagos (en linea|con cheque)\b|\bno se puede pagar con cheque\b|\bel pago no puede ser con cheque\b|\bno llame al numero de su factura\b|\besa linea no puede\b|\bno (llame|vaya) a (la oficina|su sucursal)\b/;
/** Payment to an account or a named person rather than the authority. */
const PRIVATE_ACCOUNT = /\b(transfer\w*|deposit\w*|pago|pague|pagar)\b[^.]{0,60}\b(a|en) la cuenta (de|del|que|fiduciaria|de garantia|personal)\b|\b(numero de )?cuenta:? \d{6,}|\ba nombre de (un|una|el|la|su|nuestr[oa]|mi) (agente|oficial|asistente|abogado|administrador|notario|representante|enfermera|prima|primo|contador|transportista)\b|\bal oficial asignado\b/;

type Money = { untraceable: string[]; cashCollected: boolean; safeAccount: boolean; channelRefused: boolean; privateAccount: boolean };

function readMoney(c: Carta): Money {
  const untraceable = [
    ...(GIFT_OR_CRYPTO.test(c.plain) ? ["gift cards or crypto"] : []),
    ...(WIRE.test(c.plain) ? ["a wire"] : []),
    ...(APP.test(c.plain) ? ["a payment app"] : []),
    ...(CASH.test(c.plain) ? ["cash"] : []),
  ];
  return { untraceable, cashCollected: some(c, COLLECTOR), safeAccount: SAFE_ACCOUNT.test(c.plain), channelRefused: CHANNEL_REFUSED.test(c.plain), privateAccount: PRIVATE_ACCOUNT.test(c.plain) };
}

// ------------------------------------------------------------------------------------------
// Secrets, identity numbers, secrecy
// ------------------------------------------------------------------------------------------

const SECRETS = [
  /\bcontrasenas?\b|\bclave (de acceso|secreta|de banca)\b|\busuario y (la )?contrasena\b/,
  /\bpin\b|\bnip\b/,
  /\bcodigo de seguridad\b|\bcvv\b|\bcvc\b|\bcodigo de (tres|3) digitos\b|\bcodigo de atras\b|\b(tres|3) numeros de atras\b/,
  /\bcodigo (de verificacion|de un solo uso|que le (llega|llego|mandamos))\b/,
  /\b(asistencia|soporte|acceso|conexion) remot[oa]\b|\b(aplicacion|programa|app) de (soporte|asistencia|acceso) (remot\w*|tecnic\w*)\b|\b(instalar|instale|descargar|descargue)\b[^.]{0,30}\b(aplicacion|programa|app)\b[^.]{0,40}\b(computadora|celular|telefono)\b|\bconectarse a su (computadora|telefono|celular)\b|\bcontrolar su (computadora|pantalla)\b|\banydesk\b|\bteamviewer\b/,
];
const IDENTITY = [
  /\bseguro social\b|\bitin\b/,
  /\bfecha de nacimiento\b/,
  /\bnumeros? de ruta\b|\bnombre (de su|del) banco\b|\bdatos bancarios\b|\bnumeros? de (su |sus )?(cuenta|cuentas) (bancaria|de banco|de cheques|de ahorros)s?\b|\b(banco|bancaria)\b[^.]{0,40}\bnumeros? de cuenta\b|\bnumeros? de (todas )?(sus )?cuentas\b/,
  /\bnumero (completo )?de (la |su )?tarjeta\b|\btarjeta de (credito|debito)\b[^.]{0,60}\b(numero|fecha de vencimiento|codigo)\b|\b(numero|fecha de vencimiento)\b[^.]{0,30}\btarjeta\b/,
  /\b(foto|copia) de su (licencia|pasaporte|identificacion|tarjeta)\b|\bpasaporte\b|\bmatricula consular\b/,
  /\bnumero de (medicare|medicaid)\b|\b(medicare|medicaid) o\b/,
];
const REQUEST = /\b(envie|envienos|enviar|enviarnos|mande|mandenos|mandeme|mandame|mandar|proporcione|proporcionar|complete|llene|necesitamos|necesito|necesitara|necesitaremos|tenga (a mano|list[oa]s?)|tenga lista|responda|confirme|confirmar|sube|suba|subir|incluya|anote|escriba|dele|dar|darle|dictar|lea|leer|coloque|ponga|pedira|pedimos|solicitamos|verificar|verifique|actualizar|actualice|registre|ingrese|instalar|instale|entre a|tenga a (la )?mano|tener a (la )?mano)\b|\bllame\b[^.]{0,80}\bcon (su|sus|el|la|los)\b/;
/** Not asked of the recipient: a PIN typed at a cash machine, a password they choose, a number sent separately. */
const NOT_A_REQUEST = /\b(cajero|cajeros|terminal|teclado)\b|\b(cree|elija|cambie|escoja|establezca|crear|elegir|cambiar) (un|una|su) (nuev[oa] )?(pin|nip|contrasena)\b|\bpor separado\b|\bno cambiara\b/;
const LIST_ITEM = /^([-*•]|\d{1,2}[.)]|[a-z][.)])\s/;

/** How many kinds from `list` the letter asks for: in a sentence with a request, or in the list that follows one. */
function asked(c: Carta, list: RegExp[]): number {
  const requested = (s: string, i: number) => REQUEST.test(s) || (LIST_ITEM.test(s) || /_{3,}/.test(s)) && c.sentences.slice(Math.max(0, i - 8), i).some((p) => REQUEST.test(p) || /:$/.test(p));
  return list.filter((k) => k.test(c.plain) && c.sentences.some((s, i) => k.test(s) && requested(s, i) && !NOT_A_REQUEST.test(s))).length;
}

const SECRECY = /\bsi\b[^.]{0,30}\b(te|le) pregunt(a|an|en)\b[^.]{0,40}\b(di|diga|digale|dile|dices)\b|\bno se le ocurra (ensenar|mostrar)(le)?\b[^.]{0,30}\b(esta carta|a nadie)\b|\bno (le |se lo |les )?(digas|diga|cuentes|cuente|comentes|comente|menciones|mencione|expliques|explique)\b[^.]{0,40}\b(a nadie|nada|a (tu|su|mi) (hermana|hermano|mama|papa|familia|esposa|esposo|banco)|al (cajero|banco|mensajero)|a sus papas|a tus papas|la investigacion|el motivo|de esta carta)\b|\bno (le )?(digas|diga|cuentes|cuente) (nada )?a (nadie|tu|su|mi)\b|\b(si|cuando) (el cajero|la cajera|le) pregunt(a|an|en)\b[^.]{0,60}\b(diga|digale|dile)\b|\bconfidencial\b|\b(mantener|mantenga|guarde|guardar) (esta|este|esto|la|el)\b[^.]{0,30}\ben secreto\b|\bquede entre nosotros\b|\b(revelar|divulgar|compartir)\b[^.]{0,50}\bes un delito\b|\bno (contacten|contacte|llame|llamen|avise|avisen) a la policia\b/;

// ------------------------------------------------------------------------------------------
// Who the letter speaks as
// ------------------------------------------------------------------------------------------

const AUTHORITY_NAME: Record<Authority, string> = { government: "a government agency", court: "a court", police: "law enforcement", utility: "a utility", bank: "a bank" };
const AUTHORITY: Record<Authority, RegExp> = {
  government: /\bvehiculos motorizados\b|\bcomision de vehiculos\b|\bservicio de impuestos internos\b|\birs\b|\btesoro\b|\bseguro social\b|\bmedicare\b|\bmedicaid\b|\bdepartamento de (educacion|seguridad nacional|trabajo|salud|vivienda|hacienda|estado)\b|\buscis\b|\bciudadania e inmigracion\b|\bice\b|\binmigracion y control de aduanas\b|\b(oficina|buro) del censo\b|\bgobierno (federal|de los estados unidos)\b|\bdmv\b|\bayuda federal\b/,
  court: /\btribunal\b|\bcorte (superior|de distrito|municipal|de quiebras|de familia|del condado|de inmigracion|de reclamos|federal|suprema|de circuito)\b|\bjuzgado\b|\bsecretari[oa] (de la corte|de jurados|del juzgado|del tribunal)\b|\bsindico\b/,
  police: /\bpolicia\b|\bsheriff\b|\balguacil\b|\bfbi\b|\bdea\b|\bdepartamento de justicia\b|\bdetective\b|\bagente especial\b|\bsargento\b|\bteniente\b|\bbur[oa] federal de investigaciones\b|\bcontrol de drogas\b|\bseguridad publica\b|\binvestigaciones criminales\b|\binvestigador\b/,
  utility: /\bcompania (de luz|electrica|de gas|de agua|de energia)\b|\bservicio de (agua|luz|gas|energia)\b|\bdepartamento de (agua|obras publicas)\b|\bagua y drenaje\b|\b(pg&e|comed|fpl|florida power|socalgas|southwest gas|duke energy|con ?edison|xcel|entergy|georgia power)\b/,
  // (A food bank, "banco de alimentos", is not a bank.)
  bank: /\bbanco\b(?! de (alimentos|comida|ropa|sangre|tiempo))|\bbank\b|\bcooperativa de credito\b|\bcredit union\b|\bwells fargo\b|\bchase\b|\bcapital one\b|\bbbva\b|\bsantander\b|\bcitibank\b|\btruist\b|\binspector bancario\b/,
};
const SELF_ID = /\b(soy (el|la)?|le escribe|le escribimos|les escribimos|de parte de|nos comunicamos|este (tribunal|departamento|banco|juzgado)|nuestro banco|esta oficina|trabajo (para|con|en))\b[^.]{0,70}/g;
const OWN_VOICE: Partial<Record<Authority, RegExp>> = {
  utility: /\bsu (servicio|cuenta|factura|medidor) de (luz|agua|gas)\b|\bsu medidor\b/,
  bank: /\bsu tarjeta (de debito|de credito)? ?terminada en\b|\bsu sucursal\b/,
};

function speaksAs(c: Carta, who: Authority): boolean {
  const re = AUTHORITY[who];
  return re.test(c.head) || re.test(c.tail) || (OWN_VOICE[who]?.test(c.all) ?? false) || [...c.all.matchAll(SELF_ID)].some((m) => re.test(m[0]));
}

const BRAND = /\b(cvs|walgreens|rite aid|amazon|apple|icloud|fedex|ups|dhl|walmart|target|geek squad|best buy|microsoft|paypal|netflix|western union|moneygram|toyota|ford|honda|costco|home depot|verizon|at&t|t-mobile|spectrum|xfinity|google)\b/;

// ------------------------------------------------------------------------------------------
// Harm and exposure
// ------------------------------------------------------------------------------------------

const HARM_VERB = String.raw`(matar|quemar|balacear|golpear|lastimar|quebrar|picar|madrear|hacer dano|partir (la madre|la cara|el alma)|romper (la cara|las piernas|el hocico|la madre|los huesos)|dar (un|una) (balazo|tiro|golpiza|paliza|madriza|calentada|punalada))`;
/** The writer promises violence. */
const VIOLENCE = new RegExp(
  [
    String.raw`\b(voy|vamos)\b a ${HARM_VERB}(te|lo|la|los|las|le|les)\b|\b(voy|vamos|van|va) a ${HARM_VERB} a (usted|ti|tu|su|sus|tus)\b`,
    String.raw`\b(te|lo|la|los|las|le|les) (voy|vamos|van) a ${HARM_VERB}`,
    String.raw`\b(te|lo|la|los) (mato|matamos|quemo|quemamos)\b`,
    String.raw`\bno (lo|la|los|las|te) (va|van|vas) a encontrar viv[oa]s?\b|\b(vas|va|van) a (terminar|acabar|amanecer|salir) (muert|en el hospital|en una caja|en una bolsa|en el hoyo|con los pies)`,
    String.raw`\bno (va|vas|van) a llegar a ver\b|\bno (va|vas) a vivir para\b|\ble va a ir igual que\b|\bno va a ser con cuidado\b|\btengo con que recibir|\b(le|te|les) va a pasar lo (mismo|que le paso)\b|\bte (voy|vamos) a dar (en|donde)\b`,
  ].join("|"),
);
/** Something left to go off. */
/** (A fire drill tells people to clear the building too.) */
/** "Va a estallar", said of something hidden or at a set hour (not of a quarrel or a crisis). */
const TIMED = /\b(va|van) a (estallar|explotar|detonar)\b/;
const AT_HOUR = /\ba las (\d|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce)\b/;
const DRILL = /\bsimulacro|\balarma (de incendio|contra incendios)\b/;
const DEVICE = /\b(bomba|explosivo|artefacto|aparato|paquete|mochila|caja|algo)\b[^]{0,120}\b(explot(ar|a|o|e|ara|en|ando)\b|estall(ar|a|o|e|ara)\b|detona|se va a activar|va a volar|va a reventar)|\b(desalojen|evacuen|desocupen|cierren) (el|la|su) (edificio|escuela|clinica|iglesia|oficina|tienda|planta)\b[^.]{0,80}\b(si|antes|a tiempo)\b|\bno (lo|la|los) (van|vas|va) a encontrar a tiempo\b|\b(ya esta puesto|ya esta adentro|ya esta colocad)/;
/** Hidden where it will not be found: "no lo van a encontrar a tiempo", "ya está puesto". */
const HIDDEN = /\bno (lo|la|los|las) (van|vas|va) a encontrar\b|\bya esta (puesto|adentro|colocad)|\bescondid[oa]\b/;
/** The writer shows they watch the recipient. */
const KIN_WORDS = String.raw`(hijos|ninos|nietos|nieto|nieta|hija|hijo|hijas|muchachos|esposa|esposo|senora|mama|hermana|hermano)`;
const WATCHING = [
  // "Sé dónde vive", "sabemos a qué hora sale" (not "no sé dónde queda la oficina").
  /(?<!\bno )\b(se|sabemos|ya se|ya sabemos|conozco|conocemos)\b[^.]{0,10}\b(donde (vive|vives|viven|trabaja|trabajas|estas|esta|duerme)|a que hora (sale|sales|llega|llegas|sale[ns]?)|por donde|por que camino|su direccion|tu direccion|que carro|cual carro|cual es su carro|cual es tu carro|su carro|tu carro|tu horario|su horario|su rutina|tu rutina)\b/,
  /\b(te|lo|la|los|las|les) (vi|vimos|he visto|hemos visto|estuve viendo|segui|seguimos|he seguido|he estado siguiendo)\b[^.]{0,80}\b(saliendo|entrando|caminando|por la ventana|a las|hasta (aqui|tu|su))\b/,
  new RegExp(String.raw`\b(usted|tu|su ${KIN_WORDS}|tus? (dos |tres )?${KIN_WORDS}|sus (dos |tres )?${KIN_WORDS})\b[^.]{0,40}\b(sale|salen|sales|llega|llegan|camina|caminas|maneja|recoge|recoges|corre|cierra|cierras)\b[^.]{0,90}\ba las (\d|una|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce)\b`),
  /\b(vive|vives|camina|caminas|caminando|trabaja|trabajas|regresa|regresas|sale|sales|duerme|duermes|cierra|cierras)\b[^.]{0,25}\bsol[oa]s?\b/,
  /(?<!\bno )\b(se|sabemos|ya se|ya sabemos)\b que (usted |tu |su [a-z]+ )?(los |las )?(lunes|martes|miercoles|jueves|viernes|sabados|domingos|sale|sales|cierra|cierras|regresa|regresas|llega|llegas|camina|caminas|duerme|maneja|recoge)\b/,
  /\bno tiene candado\b|\bsin candado\b|\bquien (la|lo|te|los|las) esta (mirando|vigilando|viendo)\b|\b(me fijo|me he fijado) en todo\b|\bsiempre estoy cerca\b|\baunque no me (veas|vea|vean)\b|\bme he parado (ahi|alli|enfrente)\b|\b(lo|la|los|las) vemos (salir|entrar|llegar)\b/,
  /\b(la|tu|su) (casa|troca|camioneta) (de la|en la|con la) (calle|cerca)\b|\bplacas? [a-z0-9-]*\d[a-z0-9-]*\b[^.]{0,60}\b(te segui|seguido|te vi|lo vi)\b/,
  /\bestuve (parado|afuera|enfrente|esperando)\b[^.]{0,40}\b(su|tu) (casa|trabajo|apartamento|negocio)\b|\bestuve parado en la esquina\b|\bno cierran las cortinas\b/,
  new RegExp(String.raw`\b(tus|sus) (dos |tres )?${KIN_WORDS}\b[^.]{0,70}\b(escuela|primaria|salen|sale|turno|practica|parada)\b`),
];
/** Menace: fear without naming the harm. */
const MENACE = [
  /\bseria una (lastima|pena)\b|\bque lastima (seria|si)\b/,
  /\b(prenden|se queman|arden)\b[^.]{0,20}\b(rapido|rapidito|facil)\b|\bno queda nada\b|\b(esas|estas) cosas pasan\b|\blos (incendios|accidentes|cortos circuitos) pasan\b|\baccidentes (pasan|ocurren|suceden)\b/,
  // "Último aviso" heads every collection notice; a warning given as a warning is another thing.
  /\bultima advertencia\b|\b(esta|estas|queda|quedas|quedan|estan) advertid|\bse (le|les|te) advirtio\b/,
  /\b(pienselo|piensalo|piensenlo|piensa bien|piense bien)\b/,
  /\bno me (obligue|obligues|obliguen)\b|\b(se|te|nos|los) (va|vas|vamos|van) a arrepentir\b/,
  /\b(despues|luego) (sigue|sigues|siguen) (usted|tu|ustedes)\b|\bno (le|te|les) va a gustar\b|\botro lado mio\b|\b(deberia|deberias) tener (mas|mucho) cuidado\b|\bun dia de estos (va|vas|van|le|te|les|alguien)\b|\b(va a estar alguien|alguien (lo|la|te|los) va a estar) esperando\b|\b(yo )?me voy a enterar\b|\bnos enteramos\b|\bno me (vengas|venga|salgas|salga) con la policia\b|\b(vas|va|van) a saber lo que es\b|\bque se metan con\b|\b(ya )?no tengo nada que perder\b|\bme voy a encargar (personalmente )?de que\b/,
  /\bno sabes? cuando (voy|vamos|va|van) a\b|\bvoy a estar (ahi|esperando)\b|\bte espero (aqui|afuera|a la salida)\b/,
  /\b(le|te|les) va a pasar algo\b|\balgo (le|te|les) va a pasar\b|\b(le|te|les) (puede|podria) pasar algo\b|\bno (le|les|te) (vamos|voy) a hacer nada\b[^.]{0,20}\btodavia\b/,
  /\bni la policia\b[^.]{0,60}\b(va|van|puede|podra|te|le|los|la)\b|\bnadie (te|le|lo|la|los) va a (poder )?(esconder|proteger|cuidar|salvar)\b/,
  /\bcuidate las espaldas\b|\bno te vas a ir tan tranquilo\b|\b(ya )?sabes? quien (soy|le escribe|te escribe)\b|\bno hay (segunda|otra) (carta|oportunidad|advertencia)\b|\bno hay trato\b|\bno es un juego\b|\bno te creas tan\b|\bya sabes donde encontrar/,
];
const SILENCING = /\bse le olvide\b|\bolvidese de lo que vio\b|\bque no se acuerda\b|\bsi se presenta a (la corte|declarar|testificar)\b|\bno (vaya|se presente) a (declarar|la corte|testificar)\b|\b(retire|retires|retira|quite|quites) la (demanda|denuncia|queja)\b/;
const COERCION = /\bquite (el|la) (gravamen|multa|demanda|denuncia|queja)\b|\bretire (lo que|su) (firmo|declaracion|testimonio)\b|\bdiga(le)? que se equivoco\b|\bsi (el [a-z]+ )?no cambia su voto\b|\bcambie su voto\b|\brenuncie\b|\bsi (el [a-z]+ )?no (retiras|retira|se va|te vas)\b/;

const MATERIAL = /\b(tengo|tenemos|guardo)\b[^.]{0,30}\b(fotos|videos|video|capturas|grabad|grabacion|pruebas|expediente|copia|copias|la lista|base de datos|mensajes|cartas|la hoja|documentos|papeles)\b|\bhice una copia\b|\btodo quedo grabado\b/;
const EXPOSE = /\b(le|te|les) (llega|llegan|llegara|llegaran|mando|envio|enseno)\b[^.]{0,50}\b(a tu|a su|a todos|a todas|esposa|esposo|novio|novia|mama|papa|jefe|jefa|supervisor|supervisora|pastor|iglesia|contactos|familia|suegro)\b|\b(mando|envio|subo|publico|reporto|entrego)\b[^.]{0,20}\b(todo|las fotos|los videos|el video|la informacion|el expediente|las capturas)\b[^.]{0,40}\b(a (tu|su|sus|tus|la oficina|recursos humanos|todos|todas|la prensa)|en (internet|facebook|las redes|un foro|todas las paginas))\b|\bpublico (todo|una muestra|las fotos|el video)\b|\b(llamo|llamada|reporto|denuncio) a (inmigracion|la migra|el irs|ice)\b|\bse publica\b|\b(le )?lleg(ue|a|ara) (a|al)[^.]{0,30}\b(irs|inmigracion|pacientes|prensa|clientes|esposa|familia|contactos|autoridades)\b|\b(reciben?|van a recibir|recibiran|recibira)\b[^.]{0,20}\b(una copia|las fotos|el video|los videos|el paquete|las cartas|las capturas)\b|\bimagin(ate|ese|e|en) lo que (dirian|pasaria)\b|\b(le|te|les) (voy|vamos) a (mandar|enviar|ensenar)\b[^.]{0,40}\b(una copia|las fotos|el video|los videos|las cartas)\b|\bse va a publicar\b|\b(lo|los|las) (publico|subo)\b|\bse van a (la|las|los|el)\b|\bsi (les|le|te) llega\b|\bno me (hagas|haga) (llamar|hablar)\b|\btengo (el numero de la oficina|las direcciones)\b/;
const CONDITION = /\bsi (usted |tu |ustedes |el [a-z]+ |un mes |el primer [a-z]+ )?no (me |nos )?(paga|pagas|pagan|manda|mandas|mandan|deposita|depositas|coopera|cooperan|deja|dejas|transfiere|transfieren|contesta|veo el pago|se paga|hace lo que|haces lo que|llega|esta el sobre)\b|\bme olvido de\b|\b(yo )?no (voy|vamos) a decir nada\b|\bsi (quieres|quiere|quieren) que (esto|pare|no|todo|nada)\b|\bpara que esto no (llegue|salga|se sepa)\b|\bqueda(ra)? entre nosotros\b|\b(aqui|ahi) se acaba\b|\bsecreto queda conmigo\b|\bborro todo\b|\b(tu|usted|ustedes) decide[ns]?\b|\bsi alguno no paga\b|\bal recibir el pago\b|\bborro (la copia|todo|las fotos|los videos|el video)\b|\bcada (semana|dia) de retraso\b/;
const DEMAND = /\b(me )?mand(a|as|an|e|en)\b|\b(me los mandas|pagar|pagas|pague|paguen|cooperar|quiero|queremos|exijo|exigimos|le pido|te pido|pido|transfier\w*|deposit\w*|deja(r|n)? el sobre|me los deja|me conformo|lo quiero|van a dar|me ayudes)\b/;
const PROTECTION = /\b(cooperar|cooperando|cooperacion|cuota)\b[^.]{0,40}\b(cada|por|a la) (semana|mes|quincena)\b|\b(dar|pagar|entregar)\b[^.]{0,10}\$\s?\d[\d,]* (cada|por|a la|al) (semana|mes|quincena|lunes|viernes)\b/;
/** What makes a weekly "cooperation" protection money rather than a church's or an association's dues. */
const PROTECTION_TELL = /\bya tiene quien (la|lo|los) cuide\b|\b(no|nada) (les?|te) pas(a|e|ara) nada\b|\bsi no coopera|\bcuota de piso\b|\bderecho de piso\b|\b(nosotros )?cuidamos (esta|la) (cuadra|zona|calle|colonia)\b|\bhemos querido\b|\bnos enteramos\b|\bsi no esta el sobre\b|\bpara que no (les|le|te) pase nada\b/;
const REVIEWS = /\b(resenas?|calificaciones|comentarios) (de una estrella|negativ\w*|malas?)\b|\buna estrella\b/;

// ------------------------------------------------------------------------------------------
// Windfalls, bills, ties
// ------------------------------------------------------------------------------------------

const WINDFALL = /\brecuperar\b[^.]{0,25}\bdinero\b|\bliberacion de (los )?fondos\b|\bpremio\b|\bganador|\bgano\b|\bsorteo\b|\bloteria\b|\bherencia\b|\bheredero\b|\bsubsidio\b|\bbeca\b|\bprestamo\b[^.]{0,60}\baprobad|\bfondos (no reclamados|a su nombre)\b|\brecuperar (el|su) dinero\b|\bcomprador (corporativo|interesado|extranjero)\b|\bkit\b|\bgan(ar|e|a) hasta\b|\bvisa (de trabajo|de turista|h-?2a|h-?2b)\b|\btramite de (la )?visa\b|\blugares? para trabajadores\b|\btiempo compartido\b/;
/** Money "released" once a fee is paid: prizes and estates are not held back for fees. */
const RELEASE = /\bliberar|\bliberacion\b|\bdesaduan|\bpara que (el banco|los fondos|el dinero) (pueda|sea|se)\b|\bpara reservar\w*\b|\bpara cerrar la venta\b|\bpara recibir su (kit|premio|vehiculo|auto|tarjeta)\b/;
// ("Pagué por adelantado" is the writer's own payment: the verb must be the reader's.)
const FEE_FIRST = /\b(cubra|cubrir|pagar|abonar|abone|deposite|depositar|envie|enviar)\b[^.]{0,30}\b(por adelantado|previamente)\b|\bproceder (con|a)\b|\b(para|antes de|antes que) (poder )?(liberar\w*|recibir\w*|cobrar\w*|reclamar\w*|depositar\w*|cerrar|reservar\w*|apartar\w*|entregar\w*|hacer la entrega|iniciar|que (el dinero|los fondos|el banco)|que pueda)\b|\bsolo (debe|falta|tiene que|le falta)\b[^.]{0,30}\b(cubrir|pagar)\b|\b(debe|deben|tiene que|tienen que|hay que|es necesario|es indispensable)\b[^.]{0,40}\b(cubrir|pagar|abonar|comprar|depositar)\b[^.]{0,60}\b(cuota|gastos|impuestos?|honorarios|costo|seguro|tarifa|deposito|cargo|fianza|aranceles|kit)\b/;
/** Paid before and apart from the payout: "por adelantado", "no se puede descontar del premio". */
const PREPAY = /\b(cubra|cubrir|pagar|abonar|abone|deposite|depositar|envie|enviar)\b[^.]{0,30}\b(por adelantado|previamente)\b|\bsolo (debe|tiene que|falta|le falta)\b|\bno se puede(n)? descontar\b|\bno (se )?(puede|pueden) ser descontad/;
const FEE = /\b(cuota|gastos|impuestos?|honorarios|costo|seguro|tarifa|deposito|cargos?|comision|tramite|pago del|aranceles)\b/;
const FREE_SAID = /\bno (tiene que|tendra que|hay que|es necesario|se requiere|necesita) (pagar|comprar)\b|\b(no tiene que|no hay que|ni)\b[^.]{0,30}\b(pagar|comprar) nada\b|\bninguna compra\b|\bno (cuesta|cobra|cobramos) nada\b|\bno hay (ningun )?cargo\b|\bsin cargo\b/;
const OVERPAYMENT = /\bcheque\b[^]{0,200}\b(diferencia|de mas|sobrante)\b[^]{0,300}\b(mand|envi|transfier)/;

const BILLED = /\bfactura\b|\b(total|cantidad) a pagar\b|\btotal adeudado\b|\btarifa\b|\bcuota\b|\baviso de (renovacion|pago|vencimiento)\b|\benvie su (pago|cheque)\b|\bhaga su cheque\b|\bcheques? a nombre\b|\bpague\b/;
const SOLICITATION = /\bno (es|somos) (una )?(agencia|dependencia|entidad|oficina)\b[^.]{0,20}\bgobierno\b|\bno esta afiliad|\bes una oferta\b|\bempresa privada\b|\bproveedor (privado|independiente)\b|\bal (devolver|firmar|pagar) (este|esta)\b[^.]{0,60}\b(autoriza|acepta)\b/;
const UNORDERED = /\bcopia (certificada )?de (su )?escritura\b|\bescritura de (su )?(propiedad|casa)\b|\bregistro (privado )?de (proteccion de )?marcas\b|\bmarcas? comercial|\bcarteles (laborales|obligatorios)\b|\bdirectorio\b[^.\n]{0,20}\b(comercial|de negocios|empresarial)\b|\blistado comercial\b|\banuncio en (nuestro|el) directorio\b|\blistados? (locales|de negocios)\b|\b(nombre|registro|vencimiento) de(l)? dominio\b|\b(preparara|prepararemos|presentara|presentaremos)\b[^.]{0,60}\b(solicitud|solicitudes|formularios?|declaracion)\b|\b(procesemos|procesaremos|tramitaremos|tramitemos) su (solicitud|exencion)\b|\b(solicitado|ordenado|pedido|aceptado|acepto) por telefono\b|\bperfil de negocio\b|\bgoogle maps\b|\bpedido telefonico\b|\bsegun el pedido\b/;
const NEW_ACCOUNT = /\bnueva cuenta\b|\bcuenta nueva\b|\bcambio de (nuestra )?(institucion bancaria|banco|cuenta)\b|\bcambiamos de banco\b|\bnuevos datos (para|de) (transferencia|pago)\b/;
const CONFIRM_BY_KNOWN = /\ben persona\b|\bal numero que (ya )?tiene\b|\bllame (a su|al) (vendedor|representante)\b|\bno (les|le) vamos a mandar\b/;
const REGULATOR = /\b(enviaremos|mandaremos|reportaremos)\b[^.]{0,60}\b(bomberos|inspector|departamento de (bomberos|salud|trabajo))\b|\breporte de incumplimiento\b/;

const AFFECTION = /\bmi (amor|vida|reina|rey|cielo|corazon|princesa)\b|\bte (quiero|amo)\b|\bquerid[oa]\b|\bamad[oa]\b|\babuelit[oa]\b|\bsoy (yo|tu (nieto|nieta|hijo|hija|sobrino|sobrina|prima|primo))\b|\bsoy [a-z]+, tu\b|\bamiga\b|\bcomadre\b|\bcompadre\b|\bcomo mi (hermana|hermano)\b/;
/** A relative named by someone writing for them: the lawyer, the friend, the "new number". */
const KIN = /\b(su|tu) (nieto|nieta|hijo|hija|sobrino|sobrina|primo|prima|esposo|esposa|hermano|hermana)\b/;
const KIN_TROUBLE = /\bdetenid|\bpreso\b|\barrestad|\bfianza\b|\baccidente\b|\bhospital\b|\boperacion\b|\baduana\b|\bcongelad|\bbloquead|\brobaron\b|\bvarad|\bpasaporte\b|\bvisa\b|\bboleto\b|\bdeport|\btelefono (nuevo|se me cayo)|\bnumero nuevo\b|\bme quitaron\b/;
const ASKS_MONEY = /\b(mandame\w*|me (los |lo )?(mandas|puedes mandar|envias|depositas)|compr(a|e|es|ar)|ayudame|ayudarme|necesito \$|me faltan|te lo pido|prestamo|hazme la transferencia|pagale|mand(a|es|ar) (el dinero|los numeros|las fotos)|si me (puedes )?mandar?s?|te (lo |los )?(pago|devuelvo|regreso)|se (lo|los) (pago|devuelvo|regreso)|(empieza|empiece|invierte|invierta) con|abre tu cuenta|manda el dinero|mandeme|mande el|si me mandas|ayudar con lo que)\b/;

// ------------------------------------------------------------------------------------------

/** The last letter read: the screener asks readsInContext and then reads the frame, of one text. */
let last: { text: string; reading: SpanishReading } | undefined;

export function readSpanishFrame(text: string): SpanishReading {
  if (last?.text !== text) last = { text, reading: isSpanish(text) ? readSpanish(text) : NONE };
  return last.reading;
}

function readSpanish(text: string): SpanishReading {
  const c = readCarta(text);
  const slots: SpanishSlot[] = [];
  const slot = (category: RefusalCategory, score: number, name: string, says: string) => {
    if (score > 0) slots.push({ category, score, name: `${name} (in Spanish)`, says });
  };

  // Harm held over the recipient.
  const watching = kinds(c.plain, WATCHING);
  const menace = kinds(c.plain, MENACE);
  const silencing = SILENCING.test(c.plain);
  slot("threat", VIOLENCE.test(c.plain) ? 3 : 0, "writer promises violence", "it says the writer will hurt the recipient, their family or their property");
  const device = DEVICE.test(c.plain) || TIMED.test(c.plain) && (HIDDEN.test(c.plain) || AT_HOUR.test(c.plain));
  slot("threat", device && !DRILL.test(c.plain) ? (menace > 0 || watching > 0 || HIDDEN.test(c.plain) ? 3 : 2.5) : 0, "something set to go off", "it warns that something will go off or tells people to clear a building");
  const dread = (watching > 0 ? 1.5 : 0) + (silencing ? 2.5 : 0) + Math.min(menace, 3) + (COERCION.test(c.plain) ? 1 : 0);
  slot("threat", watching > 0 && menace > 0 ? (menace >= 2 || watching >= 2 ? 4 : 3.5) : dread >= 2 ? Math.min(3, dread) : dread >= 1 ? 1 : 0,
    silencing ? "tells a witness to forget" : watching > 0 && menace > 0 ? "watches the recipient, with menace" : watching > 0 ? "watches the recipient" : "menace",
    "it shows the writer watches the recipient, or uses menacing language about what will happen next");

  // Exposure traded.
  const money = readMoney(c);
  const demands = AMOUNT.test(c.plain) && DEMAND.test(c.plain);
  const material = MATERIAL.test(c.plain);
  const expose = EXPOSE.test(c.plain);
  const condition = CONDITION.test(c.plain);
  slot("extortion", (material || expose) && condition && demands ? 3 : expose && condition ? 2 : expose && demands && material ? 2 : 0,
    "exposure traded", "it threatens to expose the recipient unless they pay or comply");
  slot("extortion", PROTECTION.test(c.plain) && PROTECTION_TELL.test(c.plain) && AMOUNT.test(c.plain) ? 3 : 0, "protection money", "it asks for regular payments so that nothing happens to the recipient's business");
  slot("extortion", REVIEWS.test(c.plain) && demands && (condition || money.untraceable.length > 0) ? 3 : 0, "reviews that stop when paid", "it runs a campaign of bad reviews that stops only when paid");

  // Money moving where no honest sender asks for it.
  const secrets = asked(c, SECRETS);
  const identity = asked(c, IDENTITY);
  const secrecy = SECRECY.test(c.plain);
  const detour = money.channelRefused || money.safeAccount || money.cashCollected || LOOKALIKE_PAYMENT.test(c.plain);
  const illegitimate = money.untraceable.filter((u) => u !== "cash").length > 0 || money.cashCollected || secrets > 0 || identity >= 2 || secrecy || detour;
  const bankIllegitimate = money.untraceable.some((u) => u !== "a payment app" && u !== "cash") || secrets > 0 || identity >= 2 || secrecy || detour;
  const how = [...money.untraceable, ...(secrets ? ["secrets such as a PIN or password"] : []), ...(identity ? ["identity or account numbers"] : []), ...(secrecy ? ["secrecy"] : []), ...(detour ? ["avoiding its own offices"] : [])].join(", ");
  for (const [category, who] of IMPERSONATION) {
    const wrong = who === "bank" ? bankIllegitimate : who === "utility" ? illegitimate : illegitimate || money.privateAccount || (who === "police" && identity >= 1);
    if (wrong && speaksAs(c, who)) slot(category, 3, `speaks as ${who}, wants ${how || "payment to a person"}`, `it presents itself as ${AUTHORITY_NAME[who]} and asks for ${how || "payment to a person"}`);
  }
  // Law enforcement takes no money to make a warrant or an arrest go away.
  const payToClear = AMOUNT.test(c.plain) && /\b(pag\w*|fianza|deposit\w*)\b/.test(c.plain) && /\b(cancelar|retirar|anular|levantar)\b[^.]{0,30}\b(la orden|el arresto|los cargos|la denuncia)\b|\bpara evitar (su |el |ser )?(arresto|detenid)|\bno tendra que presentarse\b/.test(c.plain);
  if (payToClear && speaksAs(c, "police")) slot("impersonation_police", 3, "speaks as law enforcement, wants money to clear a warrant", "it presents itself as law enforcement and asks for money to make a warrant or an arrest go away");
  if (BRAND.test(c.head) || BRAND.test(c.tail)) {
    // A safety recall is repaired free: a fee to "reserve the part" is the scam.
    const recallFee = /\b(llamado a revision|retiro del mercado|recall)\b/.test(c.plain) && FEE.test(c.plain) && AMOUNT.test(c.plain);
    slot("impersonation_business", illegitimate ? 3 : recallFee ? 2.5 : 0, `speaks as a well-known company, wants ${how}`, "it presents itself as a well-known company and asks for payment, access or data");
  }

  // Money promised for a payment first.
  const free = FREE_SAID.test(c.plain);
  const windfall = WINDFALL.test(c.plain);
  // The fee is named where the payout is conditioned on it: in that sentence or the next.
  const feeFirst = c.sentences.some((s, i) => FEE_FIRST.test(s) && [s, c.sentences[i + 1] ?? ""].some((t) => FEE.test(t) || AMOUNT.test(t))) && AMOUNT.test(c.plain);
  slot("fraud_advance_fee", windfall && feeFirst && !free ? (money.untraceable.length > 0 ? 3 : RELEASE.test(c.plain) || PREPAY.test(c.plain) || money.privateAccount ? 2.5 : 1.5) : 0, "costs paid before the money comes", "it asks for fees or costs to be paid before a prize, a loan, an estate or a job pays out");
  slot("fraud_advance_fee", OVERPAYMENT.test(c.plain) ? 3 : 0, "deposit a cheque, send part on", "it asks the recipient to deposit a cheque and send part of the money on");

  // Bills for what nobody ordered, and payments sent elsewhere.
  const billed = BILLED.test(c.plain) && AMOUNT.test(c.plain);
  slot("fraud_fake_invoice", billed && UNORDERED.test(c.plain) ? (SOLICITATION.test(c.plain) ? 3 : 2) : billed && SOLICITATION.test(c.plain) ? 1.5 : 0, "bill for a service rarely ordered", "it bills for a deed copy, a register entry, posters or a listing as if they were owed");
  // "Nuestros datos bancarios no cambian" says the opposite.
  slot("fraud_fake_invoice", NEW_ACCOUNT.test(c.plain) && !CONFIRM_BY_KNOWN.test(c.all) && !/\bno (cambian|cambiamos|han cambiado|cambiaran|van a cambiar)\b/.test(c.plain) && /\bnumero de (cuenta|ruta)\b/.test(c.plain) ? 3 : 0, "payments redirected to a new account", "it tells the recipient to send payments to a new account");
  slot("fraud_fake_invoice", billed && REGULATOR.test(c.plain) ? 2 : 0, "an unpaid bill reported to a regulator", "it threatens to report the recipient to a regulator if the bill is not paid");

  // Secrets and identity numbers asked for.
  // Two kinds is what an employer's first-day letter asks (Social Security number, bank for direct deposit).
  slot("fraud_phishing", secrets > 0 ? 3 : identity >= 3 ? 3 : identity === 2 ? 1.5 : 0, secrets > 0 ? "asks for secrets (PIN, password, security code)" : "asks for identity or account numbers", "it asks the recipient for secrets or identity and account numbers");

  // Affection and family ties used to ask for money.
  const needsMoney = ASKS_MONEY.test(c.plain) && AMOUNT.test(c.plain);
  const pressed = money.untraceable.length > 0 || secrecy;
  const affection = AFFECTION.test(c.plain);
  const trouble = KIN_TROUBLE.test(c.plain);
  // A relative named by a stranger (the "lawyer", the "friend") counts only when the money must move untraceably or in secret.
  if (needsMoney && (affection || KIN.test(c.plain)) && pressed) {
    slot("fraud_romance", trouble ? 3 : affection ? 2.5 : 2, "money asked through affection or family", "it asks for money through affection or family ties, by untraceable means or in secret");
  } else if (needsMoney && affection && trouble) {
    slot("fraud_romance", 2, "money asked through affection or family", "it asks for money through affection or family ties");
  }

  const warns = WARNING_TALK[0].test(c.all) ? kinds(c.all, WARNING_TALK) : 0;
  const stories = new Set(c.all.match(STORY) ?? []).size;
  return { slots, context: warns >= 2 ? "reads as a warning about fraud" : stories >= 2 ? "reads as fiction or reporting" : null };
}
