import { has, type Letter } from "@/lib/screening/frame-lexicon";

// Slots of the intent frame (intent-frame.ts) that the older category rules (frame-categories.ts)
// read too narrowly: what harm the writer holds over the recipient (violence, a device, watching
// them, menace), what exposure is traded, and whether the letter tells of harm rather than doing
// it (fiction, reporting). Each reads what a letter does, in broad words, so that a letter
// written in another voice (terse, misspelt, all capitals, non-native) is read the same way; the
// classifier, not these words, tells a thriller or a hunting club from the real thing. The
// slots about money are in frame-money-slots.ts.

// ------------------------------------------------------------------------------------------
// Harm held over the recipient
// ------------------------------------------------------------------------------------------

const YOU = String.raw`(you|your|yours|yourself|ya|u|ur|youre|you're|thee)`;
const KIN = String.raw`(wife|husband|kids?|children|child|twins|boys?|girls?|son|daughter|baby|family|mother|mom|mama|momma|father|dad|parents|grandkids|grandchildren|sister|brother|girlfriend|boyfriend|fiance|dog|cat|pets?|horses?)`;
const PLACE = String.raw`(house|home|place|car|truck|shop|store|office|business|restaurant|clinic|church|school|building|barn|garage|property|apartment|trailer|windows?)`;

/** The writer promises violence, in any tense or spelling, to the recipient, their kin or their place. */
const VIOLENCE = new RegExp(
  [
    // The writer does it ("i figured you'd kill me" is someone else's verb), to the recipient's
    // people, place or body ("i hurt my knee" is the writer's own).
    String.raw`\b(i|we|i'll|we'll|ill|im|i'm|imma|i'ma|me and my [a-z]+)\b('ll| will| am going to| are going to| gonna| going to| would| could| can| might| shall|'d| got ways to)?((?!\b(you|you'd|you'll|youll|he|she|they|it|that|who)\b)[^.!?\n]){0,25}\b(kill|murder|shoot|stab|strangle|choke|beat|break|bust|burn|torch|bury|hurt|harm|cut|slash|smash|blow up|run over|poison|put .{0,10} in the ground|end)\b[^.!?\n]{0,30}\b(${YOU}|${KIN}|${PLACE}|him|her|them|(your|ur|his|her|their) (legs?|face|arms?|neck|knees?|teeth|skull))\b`,
    String.raw`\byou (go|will go|'ll go|are going) down hard\b|\byou('ll| will| are going to|'re going to| gonna)? (leave|come out|be carried out|go home)\b[^.!?\n]{0,30}\b(in (pieces|a bag|a box|an ambulance)|on a stretcher)\b`,
    String.raw`\b(put|send|land|leave)\b[^.!?\n]{0,10}\b(you|him|her|them|${KIN})\b[^.!?\n]{0,10}\bin (the hospital|a wheelchair|the ground|a coffin|a body bag|the morgue|a ditch|the river)\b|\byou('re| are) (a )?dead (man|woman|meat)\b|\b${YOU}('ll| will| are going to|'re going to| gonna)\b[^.!?\n]{0,20}\b(die|bleed|burn|suffer|disappear|go missing|never walk)\b`,
  ].join("|"),
);
/** Harm wished on the recipient or their kin without saying by whom: menace, not a promise. */
const HARM_COMING = new RegExp(String.raw`\b(${YOU}|${KIN}|people you love|someone you love|somebody you love|those you love|loved ones)\b[^.!?\n]{0,20}\b(will|'ll|gonna|going to|are going to|is going to)\b[^.!?\n]{0,12}\b(get|be|end up|wind up)\b[^.!?\n]{0,12}\b(hurt|harmed|killed|shot|burned|burnt|dead|buried|injured|beaten|broken|bleeding|crippled|wrecked|torched|blown up)\b`);

/** Something left to go off: bombs and devices, however put. */
const DEVICE = /\b(have|get|keep) (your |the |all |every)[a-z ]{0,15}\b(off|out of|away from) (the|your|that) [a-z0-9 ]{0,20}\b(floor|building|office|school|lobby|wing|plant|premises)\b[^.!?\n]{0,30}\b(by|before) \d[^]{0,200}\bwhat happens (at|after)\b|\b(bomb|bombs|device|explosive|explosives|pipe bomb|ied|package|parcel|box|bag|container|something|somethin'?|surprise|gift)\b[^]{0,160}\b(go(es)? off|going off|detonat\w*|explod\w*|blow(s)? up|blowing up|boom)\b|\b(clear|evacuate|empty) (the|your|that) (building|school|office|clinic|church|store|plant|warehouse)\b[^.!?\n]{0,60}\b(or don't|if you (want|value|care)|in time|while you can|before)\b|\b(won't|will not|wont|never|not going to) find (it|them)\b[^.!?\n]{0,30}\b(in time|before)\b|\bcount on finding (it|them)\b|\b(something|somethin'?)\b[^.!?\n]{0,12}\b(has been|have been|was|is|'s|got|been)? ?(left|placed|planted|hidden|put|sitting|waiting)\b[^.!?\n]{0,30}\b(in|inside|under|behind|somewhere in) (your|the|that|this) (building|office|offices|school|church|clinic|store|plant|lobby|courthouse|warehouse|mall|station|facility|branch|room|boardroom|stage|hall|auditorium|theater|theatre|sanctuary|courtroom|gym|cafeteria|arena|stadium|chamber)\b|\b(there's|there is) (something|somethin'?) (in|inside|under) (your|the|that) (building|office|offices|school|church|clinic|store|plant|lobby|courthouse|warehouse|mall|station|facility|branch|room|boardroom|stage|hall|auditorium|theater|theatre|sanctuary|courtroom|gym|cafeteria|arena|stadium|chamber)\b|\b(something|a present|a package|a gift|a surprise)\b[^.!?\n]{0,80}\b(timed to|set to (go|wake|open)|opens itself|wakes up at|goes off at)\b|\b(i|we)('ve| have)? (left|placed|planted|hid|hidden|put) (something|a package|a little something|a surprise|a present|a gift)\b[^.!?\n]{0,20}\b(in|inside|under|behind|somewhere in) (your|the|that|this) (building|office|offices|school|church|clinic|store|plant|lobby|courthouse|warehouse|mall|station|facility|branch|boardroom|stage|hall|auditorium|theater|theatre|sanctuary|courtroom|gym|cafeteria|arena|stadium|chamber)\b|\b(package|parcel|device|backpack|duffel|bag|box)\b[^.!?\n]{0,60}\b(under|inside|beneath|behind) (the|your|that) [a-z ]{0,25}\b(stands|bleachers|seats|stage|building|lobby|desk|counter|pews|floor)\b[^]{0,120}\b(it is|it's|is|was) timed\b|\b(something|it|a package|an item)\b (has been|was|is|'s been|have been) (placed|left|planted|hidden|put) (there|here|inside|in it)\b|\bnot (to )?be in (that|the|this) (room|wing|building|office|hall|hearing room|courtroom|chamber)\b[^]{0,200}\b(\d{1,2}:\d\d|o'clock|noon)\b|\b(device|bomb|explosive|something)\b[^]{0,80}\b(set for|timed for|set to go|is set|in the building)\b[^]{0,80}\b(\d{1,2}(:\d\d)?|noon|midnight|tonight|tomorrow|morning|afternoon)\b/;

/** The writer shows they watch the recipient: where they live, park, work, walk; what they wear; their children's school. */
const WATCHING = new RegExp(
  [
    String.raw`\b(i|we|the undersigned)\b[^.!?\n]{0,20}\b(know|knows|knew|found out|figured out|found|looked up|tracked down|got|have)\b[^.!?\n]{0,12}\b(where|when|what time|which|your (address|schedule|routine|weekends?|movements|car|plate|house|address|shift|shifts|truck|route|commute|gym|court|lot|walk|run|booth|table)|ur (address|schedule|car))\b`,
    String.raw`\b(i|we|the undersigned)\b[^.!?\n]{0,12}\bknows? (what|which) (road|route|way|street|door|entrance|exit|gate|bus|days?|church|gym|store)\b|\b(i|we)\b[^.!?\n]{0,12}\bknow what (you|your [a-z]+) (drives?|wears?|looks like)\b`,
    String.raw`\b(i|we)\b[^.!?\n]{0,15}\b(watched|watching|followed|following|been by|drove by|drove past|drive by|walked by|sat outside|was outside|parked outside|been parked|sat across)\b[^.!?\n]{0,25}\b(${YOU}|${KIN}|the house|your house|your place)\b(?! (career|work|progress|blog|column|campaign|posts|story|journey))`,
    String.raw`\b(${YOU}|${KIN})\b[^.!?\n]{0,60}\b(leave|leaves|get off|gets off|come out|comes out|let out|is let out|walk|walks|park|parks|drive|drives|pick(s)? up|go|goes|catch(es)?|wash(es)?|jog(s)?|run(s)?|stop(s)?|lock(s)? up|close(s)? up|close|closes|get(s)? home)\b[^.!?\n]{0,50}\b(at|around|by|between|before|after) (a little (after|before) |a quarter (to|past) |half past )?(\d{1,2}(:\d\d)?|noon|midnight|dark|dusk|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b`,
    String.raw`\b(${YOU}|${KIN}|he|she|they)\b[^.!?\n]{0,60}\b(\d{1,2}:\d\d|\d{1,2} ?(am|pm|a\.m\.|p\.m\.))\b[^.!?\n]{0,60}\b(every|each|most|same)\b[^.!?\n]{0,20}\b(day|days|night|nights|morning|mornings|week|tuesday|monday|wednesday|thursday|friday|saturday|sunday)s?\b`,
    String.raw`\b(silver|white|black|gr[ae]y|red|blue|green|maroon|tan|gold) (lexus|audi|camry|accord|civic|tacoma|tesla|bmw|mercedes|honda|toyota|ford|f-?150|chevy|silverado|ram|jeep|subaru|nissan|altima|corolla|kia|hyundai|prius|minivan|suv|pickup|truck|sedan|charger|mustang|tahoe|suburban|yukon|explorer|escalade|4runner|rav4|cr-v|odyssey|sienna|outback|forester|wrangler|malibu|impala|fusion|elantra|sonata|sentra|rogue|equinox|highlander|pilot|durango)\b`,
    String.raw`\b(school|elementary|middle school|high school|bus stop|practice|daycare|the gate|side gate|back gate|front gate|side door|playground|pickup|pick-up|drop-off|drop off|recess|conservatory|lessons)\b[^.!?\n]{0,60}\b(\d{1,2}:\d\d|\d{1,2} ?(am|pm))\b|\b(your|ur) (wife|husband|kids?|boys?|girls?|son|daughter|grandkids|twins)\b[^.!?\n]{0,50}\b(school|elementary|bus|practice|daycare|playground)\b`,
    String.raw`\b(ran|run|looked up|traced) (the|your|ur) (plate|tag|license plate)\b|\b(nice|lovely|pretty|mighty fine|real fine|beautiful) ((little|big|old|wood|wooden|brick|new|yellow|white|blue|red|green|gr[ae]y) ){0,2}(house|place|home|shop|store|car|truck|family|roof|deck|yard|garden|kids|barn|parsonage|farmhouse|cabin|boat)\b[^.!?\n]{0,40}\b(you('ve| have)? got|you have|you (put up|built|bought)|bought you|in [a-z]+|on [a-z]+)\b|\b(you|ur|your [a-z]+) (still )?(don't|do not|never|dont) lock\b|\b(sweater|jacket|coat|dress|hoodie|shirt|scarf) (today|yesterday|this morning|last night|on (monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b`,
    String.raw`\b(closes|close up|works|walks|walk|is home|are home|stays|stay|sleeps|jogs|runs|lock up|locks up|eat|eats|lives|live)\b[^.!?\n]{0,60}\b(alone|by (herself|himself|yourself|themselves))\b|\b(you('re| are)|you'll be|he's|she's|he is|she is) alone\b[^.!?\n]{0,40}\b(nights?|mornings?|evenings?|(sun|mon|tues|wednes|thurs|fri|satur)days?|at \d|after (dark|close|closing|hours))\b`,
    // "I looked you up"; "we know the apartment on Wesley", "we know your mom's shift".
    String.raw`\b(i|we) (looked|look) (you|u|ur family|him|her) up\b(?![^.!?\n]{0,40}\b(bonded|licensed|registered|license|bbb|board|registry|website|online|record)\b)|\b(i|we) (know|found) (the|your|ur) (apartment|house|route|street|building|bus stop|address|shift|schedule|plate)\b(?= (on|at|in|off|by|near|behind|where|you|your|ur)\b)|\b(i|we) know (your|ur) [a-z]+'s (shift|route|school|schedule|address|house|apartment|bus|car|work)\b`,
    // "Saw you at the kitchen window again", "they know where your mom's assisted living is",
    // "I know you eat lunch there on Wednesdays", "anyone could walk right up the side yard".
    String.raw`\b(i )?(saw|seen|watched|spotted) (you|u|ya|her|him|your (wife|husband|kids?|son|daughter))\b[^.!?\n]{0,30}\b(window|porch|yard|driveway|garden|greenhouse|lot|parking|gym|pool|bus stop|front door|back door)\b`,
    String.raw`\b(they|he|she|people|folks|the folks|my (friends|guys|boys|associates))\b[^.!?\n]{0,25}\b(know|knows)\b[^.!?\n]{0,12}\b(where|when|which|what room|what time)\b[^.!?\n]{0,40}\b(${YOU}|${KIN}|live|lives|visit|work|works|sleep|sleeps|park|parks|room)\b`,
    String.raw`\b(i|we) know (you|u|he|she)\b[^.!?\n]{0,50}\b(every|on|most) (mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays|weekends?|mornings?|nights?|evenings?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(anyone|anybody|someone|somebody) could (walk|get|come|slip|climb)\b[^.!?\n]{0,20}\b(up|in|into|through|over|right up)\b`,
    String.raw`\b(know|learned|studied|come to know|memori[sz]ed) (your|ur) (routine|habits|schedule|movements|comings and goings)\b|\baddress (i|we) ha(ve|d) (already )?(confirmed|verified|found|checked)\b|\b(i|we) found (your|ur|the) [a-z' ]{0,20}\b(house|home|apartment|address|lake house|cabin|instagram|facebook|linkedin|new place)\b|\bnot far from (your|ur) [a-z]+'s (place|house|home)\b|\b(me|us) knowing\b[^.!?\n]{0,40}\b(where|when|that|which|what|${YOU}|${KIN})\b|\b(i|we) (was|were|sat|stood|parked|waited)\b[^.!?\n]{0,10}\bacross the street\b|\b(i|we)\b[^.!?\n]{0,15}\b(parked|sat|waited|stood)\b[^.!?\n]{0,10}\b(across from|outside|opposite|down the street from) (your|ur) (house|home|place|building|office|apartment)\b|\b(left|leaves?|keeps?|kept) [a-z' ]{0,25}\b(unlocked|unlatched)\b|\bnever locked\b|\b(i|we|one)( have| has| do| does)? (noticed|notice|noted) (all )?(of )?(these|those|such) things\b|\b(still )?(have|got|kept) (a|the) key to (the|your|ur) (back|front|side|shop|house|place|office|store|building|door|apartment)\b`,
    String.raw`\balone\b[^.!?\n]{0,60}\b(at|around|after|before|by|till|until) (a little )?(after |before )?(\\d{1,2}(:\\d\\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight|dark|dusk|dawn)\b|\b(at|around|after|before) (a little )?(after |before )?(\\d{1,2}(:\\d\\d)?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight|dark|dusk|dawn)\b[^.!?\n]{0,60}\balone\b|\balone\b[^.!?\n]{0,40}\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday) (nights?|mornings?|evenings?)\b|\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday) (nights?|mornings?|evenings?)\b[^.!?\n]{0,40}\balone\b|\b(at|around) dusk\b[^.!?\n]{0,40}\balone\b`,
    String.raw`\b(remember|know|still have)\b[^.!?\n]{0,10}\bthe (code|combination) (to|for) (the|your) (back |front |side )?(door|gate|shop|house|garage|office|alarm)\b|\b(you're|you are|you've been) staying at\b|\byou (always |usually |often )?(do|climb|walk|work|drive|run|sit|go)\b[^.!?\n]{0,40}\balone\b|\b(i|we)\b[^.!?\n]{0,20}\bknow\b[^.!?\n]{0,30}\b(door|alarm|gate|entry|keypad|building) codes?\b|\b(you|your (wife|husband|son|daughter|kids))\b (always |usually )?(park|parks|drive|drives|walk|walks|jog|jogs|leave|leaves|take|takes|pick|picks|gets? (her|his) hair done)\b[^.!?\n]{0,40}\b(spot|lot|garage|driveway|street|road|lane|avenue|bus|route|trail|gym|school|office|building|wednesdays|tuesdays|mondays|thursdays|fridays|saturdays|sundays)\b|\b(you are|you're|your)( always| usually| generally)? the last (one )?(out|to leave)\b|\bi have been paying attention\b|\b(bedroom|kitchen|bathroom|living room|front|back|upstairs) window\b[^.!?\n]{0,60}\b(you|your|alone|lights|blinds|curtains)\b|\b(you|ur) (closed|opened|left) (the|your) (blinds|curtains|car unlocked|door unlocked|garage open)\b|\bthe alarm you (never|don't|do not)\b`,
  ].join("|"),
);

/** "Final warning": what a landlord or a collector writes too, so it weighs as menace only beside others. */
const WARNED = /\byou('ve| have)? (were|was|been|have been|are being) (told|warned)\b|\byou've been (told|warned)\b|\b(only|last|final|one) warning\b|\bconsider (this|yourself) warned\b|\bdon't say (you|i) didn't\b/;

/** Menace: what the writer says to make the recipient afraid without naming the harm. */
const FIRE_PRONE = /\b(old|faulty|bad|exposed|frayed) wiring\b|\bno sprinkler( heads?| system)?\b|\bbuildings? (like that )?(have|has) bad nights\b|\bthings happen overnight\b/;
/** A fire hazard reported as a tenant or an employee would: to the fire marshal, an inspector, code enforcement. */
const FIRE_REPORTED = /\b(fire marshal|fire inspector|inspector|inspection|code enforcement|building department|osha)\b/;

const MENACE = [
  /\b(what's|what is|what was) coming (to|for) (you|him|her|them)\b|\bget(s)? what'?s coming\b|\bthank(ing)? you properly\b/,
  /\b(won't|will not|wont|never|not) (see|know|hear) (it|me|us|when|who|what)\b[^.!?\n]{0,20}\b(coming|when|until)?/,
  /\bcloser than you think\b|\b(enjoy|cherish) (it|them|that|those|your [a-z]+) while\b|\bwhile (you|they) (still )?(have|can|got) (them|it|the chance)\b/,
  /\b(it|this|that)('ll| will| would| could)? ?(be|being) (the )?last (meeting|time|thing|day|trip|drive|night|letter|warning|christmas|summer)\b|\blast (meeting|time|drive|night) you\b/,
  /\b(would|'d|it'd|it would|that would|will) be (such )?a (real |terrible |awful |damn |darn )?(shame|pity)\b|\bshame if\b|\bpity if\b/,
  /\b(things|accidents|fires|stuff) (like that )?happen\b|\bhappen(s)? all the time\b|\b(accidents?|fires?) (can|could|might|do) happen\b|\b(that|this) kind of thing (just )?happens?\b|\bnobody('s| is) (watching|around|home)\b/,
  WARNED,
  /\b(see|seeing) you (there |then |at home |at the house )?(soon|around|real soon|very soon)\b|\buntil (next time|we meet)\b|\bi'?ll be (seeing|watching|waiting for) you\b|\b(i'll|i will|we'll|we will) (already )?be (there )?waiting\b|\bi will be (seeing|watching|waiting for) you\b/,
  /\bneither will you\b|\bneither (is|will) (he|she|it|they|your [a-z]+|anyone|anybody|everyone|anyone else|anybody else)\b/,
  /\bnext time it (won't|will not|wont) be\b|\byou('re| are)? next\b|\bis next\b/,
  /\byou (won't|will not|wont|aren't going to|are not going to) like (how|what|where)\b|\bhow (that|this|it) (goes|ends)\b/,
  /\b(sad|shame|pity|terrible|awful|unfortunate|bad|tragic)\b[^.!?\n]{0,30}\bif (something|anything)\b|\b(would|i'd|we'd) hate for (you|your|anything|something|him|her|them|it|the next)\b|\b(something|anything) (bad |terrible |unfortunate )?(happen|happens|happened|to happen|were to happen) to\b/,
  /\b(shops?|house|houses|stores?|place|business|car|truck|home|homes|barns?|building|buildings|restaurant|coop|roof|trailer|trailers|porch|deck|garages?|sheds?|studio)\b[^.!?\n]{0,60}\b(will not be standing|won't be standing|wont be standing|burns?|burning|burned down|go(es)? up|catch(es)? fire|be (ashes|gone|rubble)|froze and split)\b|\bdry wood\b|\bold wood\b(?! (barn|siding|floors?|flooring|furniture|table|beams?|doors?|fence|shed|cabin|house|frames?|windows?|chairs?|stove|boat)\b)|\bfire (company|department|trucks?|station|house)\b[^.!?\n]{0,40}\b(takes? (a (good |long )?)?(while|forever|minutes|an hour|[a-z]+ minutes)|slow|far|late)\b|\bsleep light\b/,
  /\bantifreeze\b|\bpoison\w*\b[^.!?\n]{0,40}\b(dog|dogs|cat|cats|pet|pets|horse|well|water)\b|\b(put|left|set) (out )?(a little |some |a nice |a )?(something|dish|bowl|plate|saucer) (out )?(by|near|for|along|next to)\b|\bwhich bowl\b/,
  /\b(dogs?|cats?)\b[^.!?\n]{0,40}\b(eat|eats|ate|get into|gets into|got into|ingest|ingests|swallow|swallows)\b[^.!?\n]{0,40}\b(shouldn't|should not|anything|many things|all kinds|not picky)\b|\bindiscriminate about what they\b|\b(things|something|anything) (can|could|might) (pass|get|go|be (thrown|tossed|dropped)) (through|over|under) (it|the|that|this) ?(hedge|fence|wall)?\b/,
  /\b(dogs?|cats?|pets?)\b[^.!?\n]{0,60}\b(they|and) (don't|do not|never) come (home|back)\b|\b(won't|will not|wont) be so careful\b|\b(it|he|she|that dog|that cat)\b[^.!?\n]{0,10}\b(won't|will not|wont) be (going|coming) (back|home)\b|\bdogs aren't picky\b|\b(dogs?|cats?)\b[^.!?\n]{0,10}\beat what(ever)? they find\b|\b(not|no longer) (be )?responsible for what happens to (that|your|the|this) (animal|dog|cat|horse|mutt|pets?)\b/,
  /\b(introduce myself to|start talking to|pay a visit to|have a talk with|have a word with)\b[^.!?\n]{0,20}\b(your (family|wife|husband|kids|children|mother|mom|boys|girls|daughter|son)|them)\b|\bmake choices for their families\b/,
  /\b(you|he|she|they)('ll| will| won't| will not| wont)? (not )?(make it|get|be driving|be walking|come|drive|walk) (it )?home\b(?! safely to)|\b(won't|will not|wont) be driving (it|that truck|that car|anywhere)\b|\b(outcomes|consequences) for you personally\b/,
  /\b(settle|settled|settling) (this|it|such matters|things|matters)\b[^.!?\n]{0,20}\b(man to man|between men|outside|in person|the old way|the old-fashioned way|the hard way|my way)\b|\bnobody (needs|has) to get hurt\b|\bwon't be in a courtroom\b|\bnot scared of anything\b|\bnothing (left )?to lose\b|\bi have nothing left\b|\bnobody is going to be laughing\b|\b(in my country )?we (are )?solv(e|ing) (such|these) (questions|problems|things) between men\b/,
  /\b(gonna|going to|will|'ll) have (a|an|ourselves a|a real) (problem|issue|situation)\b[^.!?\n]{0,40}\b(after|in the (parking )?lot|outside|in person)\b|\b(it|this|that) (won't|will not|wont|ain't|aint) be (a conversation|words|talking|a talk|polite|a letter)\b|\blose (his|your|ur|their|her) (front )?teeth\b|\b(your|the) (barn|shop|garage|shed|truck|car|house|store) first\b|\bhow far out you live\b|\b(you live|lives?) (a long way|way|far|a ways) out\b|\bno neighbou?rs (to speak of|around|nearby|for miles|close by)\b|\blong dark (drive|road|driveway|walk)\b|\b(shame|pity) how (fragile|easily|quickly)\b|\bhow fragile\b|\b(i'?ll|i will|we'?ll|we will) be closer\b|\b(changing|change|new) (the |your )?locks? (won't|will not|wont|isn't going to|is not going to|can't|cannot|doesn't|does not) (help|stop|keep|matter)\b|\b(cute|pretty|sweet|lovely|beautiful) (kids|children|family|wife|daughter|son|boys|girls|grandkids)[.!,]/,
  /\b(whole|entire) (front|window|wall|side|storefront|door) is (glass|windows)\b|\bglass (front|front door|storefront)\b|\bpoorly lit (places?|stairs|stairwells?|halls?|basements?)\b|\bnotoriously treacherous\b|\blie there (a long while|a long time)\b[^.!?\n]{0,30}\bbefore (anyone|anybody|someone)\b|\b(door|window|gate)s? (that )?faces? the (woods|alley|back|field|trees)\b|\bis all glass\b|\b(unlit|poorly lit|dark) (stretch|lane|road|path|lot|walk|alley)\b|\bold and dry\b|\bdry as (a|an|the|old)\b/,
  /\b(take care of|handle|settle|deal with) (it|this|things|that|you)\b[^.!?\n]{0,10}\b(my|our) (own )?way\b/,
  /\b(do you|would you|ask yourself if you|you won't|you will not) feel safe\b/,
  /\bhow easy it is to (get (close|near) to|reach|find|get to|get into)\b/,
  /\b(ends?|end up|wind up|finish(es)?) in the (hospital|er|emergency room|morgue)\b/,
  /\b(i )?(don't|do not) care about (the )?(police|cops|law|consequences|jail|prison)\b/,
  /\bnot nice people\b/,
  // Harm nobody will be able to explain: "nobody can ever quite say how".
  /\b(nobody|no one|no-one)\b[^.!?\n]{0,20}\b(can|could|will|would)\b[^.!?\n]{0,25}\b(say|explain|tell|figure out|prove) (how|why|who|what happened)\b/,
  // A pet or a person who "may simply not wake up", "won't be heard from again".
  /\b(may|might|could|is not going to|isn't going to|won't|will not) (simply |just )?(not )?wake up\b|\b(won't|will not) hear (much )?from (him|her|it) (again|either)\b|\bhow (cold|fast|quickly) a body\b/,
  // A building that would burn: old wiring, no sprinklers, "old buildings have bad nights".
  FIRE_PRONE,
  // Harm that arrives as if by itself: "vehicles left out have a way of coming to grief", "finds its way over the fence".
  /\bcom(e|es|ing) to grief\b|\bhave a way of (burning|breaking|disappearing|getting (hurt|damaged|broken)|going missing)\b|\bfinds? (its|their) way (over|in|into|through)\b|\bthey('ll| will)? eat (almost |just )?anything\b/,
  // The writer can stop it, on a condition: "I am in a position to see that it does not".
  /\bin a position to (see|make sure|ensure) (that )?(it|nothing|something|this)\b|\ba long time for [a-z ]{0,30}\bto (wait|be|sit|stand) (alone|by|outside|there)\b/,
  /\b(friends|people|guys|cousins|boys) (go|will go|could go|would go) (and )?(visit|see) (her|him|them|you|your [a-z]+)\b/,
  /\bdon't make me make (that|the) call\b/,
  /\b(very )?(little|nothing) (left )?to lose\b/,
  /\b(delivered|deliver (it|this|the lesson)|explain it|discuss (it|this)) in person\b/,
  /\b(i'm|i am|i'll be|i will be) coming (to see you|for you|to your (house|home|office|work))\b/,
  /\b(not|never|ain't|aint) (going|gonna) (to )?(court|the police|the cops|a lawyer|small claims)\b|\bcourt takes too long\b|\b(collect|settle|handle) (it|this|that)\b[^.!?\n]{0,15}\b(whatever|my own|another|a different|other) way\b|\bwhatever way makes sense to me\b|\b(is|are) on (its|their|his|her|your) own\b[.!]|\b(you )?think (on|about) that\b[^.!?\n]{0,30}\bnext time\b|\bthink real hard\b/,
  /\b(won't|will not|wont|not) be (coming|walking|going|getting) (back|home|out|up|down)\b[^.!?\n]{0,30}\bthe same( way)?\b|\b(restraining order|protective order|the order|paper)\b[^.!?\n]{0,20}\b(is (just |only )?paper|doesn't|does not|isn't|is not) (lock|stop|come|help|protect|bulletproof)?/,
  /\bwatch (your|ur) back\b|\blook(ing)? over (your|ur) shoulder\b|\bsleep with one eye\b|\bcount (your|ur) days\b|\bdays are numbered\b|\bmark my words\b/,
  /\byou('ll| will| are going to| gonna|'re going to) (regret|be sorry|pay for|find out what|learn what|wish you|wish to god|lose something|know how it feels|see what happens)\b|\bmake (you|ur|your) (pay|sorry|regret|suffer)\b/,
  /\b(people|somebody|someone|everyone|those|the ones) (you love|you care about|close to you)\b/,
  /\b(this|it) (ain't|aint|isn't|is not|isnt) (a joke|a game|a bluff|an empty threat)\b|\b(we|i) (ain't|aint|are not|am not|don't|do not) (playing|bluffing|joking)\b|\b(i'm|im|we're) not playing\b|\b(won't|will not|wont) be (walking|standing|talking|eating|breathing) (right|straight|normal|again)\b|\bdon't test me\b|\btry me\b/,
  /\bburn (this|the) (letter|note)\b|\bnobody\b[^.!?\n]{0,30}\b(will|would) have seen (a thing|anything)\b|\bnobody (saw|sees|will (ever )?see|is going to find|will (ever )?find|would (ever )?find|will (ever )?know|would (ever )?know|has to (know|find out|get hurt))\b|\bno one (will|would) (ever )?(find|know|hear)\b/,
  /\b(your|ur) (choice|call|decision|funeral|move)\b[.!]|\b(drive|walk|sleep) (safe|carefully|careful|well)\b[.!]?\s*$/m,
  /\bwhen (i'm|i am|im|we're|we are) (done|through|finished) with (you|ur|him|her)\b|\bwhen (it's|it is) (just|only) you\b|\bwhen (you're|you are|ur) (alone|by yourself|asleep)\b|\b(alone|by yourself|by herself|by himself)\b[^.!?\n]{0,30}\b(at night|after dark|out there|every night)\b/,
  /\b(don't|do not|dont) make (me|us) (wait|come|ask|find|do)\b|\bor else\b(?! (pay|call|write|contact|we will (file|sue|report)))|\bdon't make this (harder|worse|ugly)\b/,
  // A weakness scouted: the camera that faces the street, the window that doesn't latch, the lot with its lights out.
  /\b(so |very |quite |real )?easy to (reach|get (to|into)|climb|access) from\b|\b(no|one|only one|broken|dead) (security )?(cameras?|attendant|guard|lock|alarm)\b(?! (needed|required|necessary))|\b(lights?|light pole|camera)\b[^.!?\n]{0,25}\b(been out|are out|is out|out since|faces the street|pointing at)\b|\b(window|door)s?\b[^.!?\n]{0,20}\b(doesn't|does not|don't|won't|never) (quite )?(latch|lock)\b|\bnobody (watches|checks|is around)\b|\b(dry as|like) (paper|tinder|kindling)\b|\bpaper burns\b|\bempty (country|lot|road|stretch)\b/,
  /\b(stops?|stop) breathing\b|\b(won't|will not|wont|never) make it (to|back to|out of) (your|the|his|her|that|this)\b|\bcloser next time\b|\b(stop|quit) (watching|asking) and (i |we )?start\b|\bregret having (kids|children|a family)\b|\b(checking|check) (your|ur) (mirror|mirrors|rearview)\b|\bwalk(ing)? you (out|to your car)\b|\b(some|most) (dogs|cats|pets|kids|people) (just )?(don't|do not|never) (come|make it) (home|back)\b|\bnobody (can|could) (ever )?prove\b|\bnobody finds anything\b|\bwhile you (still )?can\b[.!]|\bin person\b[^.!?\n]{0,40}\b(won't|will not|wont) be able\b|\b(on|watching it on) the (\d+ o'clock |evening |local )?news\b[^.!?\n]{0,5}$/m,
  // What comes next, said without saying it: "the first casualty", "has your name on it", "you
  // won't like what happens", "be there in person to make sure it happens".
  /\bhas your name on it\b|\bthe first casualty\b|\bthe conversation (will not|won't|wont) be about\b|\bthe next thing (that )?(goes|go|going) (sideways|wrong)\b|\bfind out what happens when you\b|\bif you('re| are| happen to be) (inside|in there|there|home|in the building) when (it|that|this) (happens|goes)\b|\bbe there (in person )?to make sure (it|that|this) happens\b|\bcan'?t (cancel|close|guard|protect) (it )?every day\b|\b(wouldn't|would not|won't|will not|not going to) (like|enjoy) what happens\b|\b(don't|do not) think (either of |any of )?you('d| would) (like|enjoy) what happens\b|\b(only fair|time) (that )?you (learn|learned|find out|know|see) (what|how) (that|it) feels\b|\bcan'?t promise\b[^.!?\n]{0,50}\b(in one piece|be gentle|be (nice|pretty|careful))\b/,
  // No one there to help: at dawn in the garage, in the lot after close.
  /\b(nobody|no one|no-one)\b[^.!?\n]{0,40}\b(around|there)\b[^.!?\n]{0,30}\bto help (you|him|her|them)\b|\bwith (nobody|no one) (there|around) to help\b|\bthings can happen to (somebody|someone|a person|people)\b|\b(always|will|would) (say|says|call it|rule it) (it was )?(an?|the) [a-z ]{0,20}accident\b/,
  // Arriving with others, or tampering with the car: the harm is plain though no verb of violence is used.
  /\b(coming|come|be|show up|stop) (over|by|around|out)?\b[^.!?\n]{0,40}\bwith (my|a couple of|some of my|a few of my) (whole )?(brothers?|boys|cousins?|friends|guys|buddies|crew|rig)\b|\b(cut|loosen(ed)?|tamper(ed)? with|mess(ed)? with) (the|your|ur) (brake lines?|brakes|lug nuts|gas line|steering)\b|\bcheck (the|your) brake lines? before\b/,
  // The harm timed for the crowd: "when the gym is full", "right when the line is longest".
  /\bwhen (the|that|your) [a-z ]{0,25}\b(is|are|'s) (full|longest|packed|most crowded|busiest)\b|\b(if i were you|were i you)\b[^.!?\n]{0,5}[.!]?\s*$|\b(i'd|i would) (keep|make sure|stay)\b[^.!?\n]{0,40}\b(inside|(not|aren't|isn't) there|if i were you)\b/m,
  /\b(don't|do not|dont|never) (bother|even think about) (calling|going to|telling)\b[^.!?\n]{0,30}\b(police|cops|sheriff|hoa|office|anyone|the law)\b|\b(police|cops|sheriff|restraining order|paper)\b[^.!?\n]{0,40}\b(won't|will not|can't|cannot|don't|do not|not|never) (help|save|protect|stop|helped|saved|protected|stopped)\b/,
  // An official told he will not come through in one piece; a witness or a rival that he will not come home.
  /\b(you|your [a-z]+|that [a-z]+|it)\b[^.!?\n]{0,40}\b(won't|will not|wont|not going to|aren't going to|are not going to)\b[^.!?\n]{0,50}\bin one piece\b|\bwhile you (still )?can (still )?(drive|walk|see|stand)\b|\b(have|has) had (an? )?accidents? before\b|\b[a-z]+s have accidents\b|\bhave accidents (just )?like (anybody|anyone|everybody|everyone)\b|\bif you\b[^.!?\n]{0,60}\byou(('ll| will) not|'re not| are not| won't| wont| ain't| aint) (be )?(coming|comin'?) (home|back)\b|\byou\b[^.!?\n]{0,30}\b(ain't|aint|will never|won't ever) (never )?(be )?(comin'?g?|coming|come) back\b/,
  // Help far away; harm passed off as an accident, and no law that will follow.
  /\b(long way|far|miles|a ways) (off|out|from) (the (road|highway|blacktop|main road|pavement)|any(one|body| neighbou?rs?| help| sheriff| deputy| police| town| house)|the nearest)\b/,
  /\b(get|be|been|got|gets) (mistook|mistaken) for (a|an) (deer|buck|hog|intruder|burglar|prowler|coyote)\b|\bnobody (ever )?(goes|went|has gone|gone) to (jail|prison)\b|\b(it )?(will not|won't|wont) be (by|through|with) (paperwork|lawyers|a lawsuit|the courts?|letters)\b/,
  /\bcan'?t promise what (they|i|he|we|those men)('ll| will| might| would)? ?do\b|\bnor what i('ll| will) do\b|\byou('d| had) (best|better) not (show (your face|up)|come (around|near|back)|set foot)\b|\b(carry|carried|haul|hauled|drag|dragged) (you|him|her) out\b|\blet(ting)? you (pick|choose|decide) (who|which one)\b/,
];

/** A witness told to forget: the trial, the statement, what they saw. */
const WITNESS = /\b(testify|testimony|witness|the stand|your statement|statement to|give (a |your )?statement|the da|district attorney|detective|trial|court date|deposition|grand jury|prosecutor)\b/;
const SILENCED = /\b(you (don't|do not|did not|didn't|dont|didnt) (remember|recall|see|know)( anything| nothing)?|forget (what|everything|all) (you|that you) (saw|heard|know|seen)|stick(s)? to (it|that story)|change your (story|statement)|take (it|your statement) back|keep your mouth shut|don't (show up|testify|go to court)|you (were|was) (wrong|drunk|mistaken|confused)\b[^.!?\n]{0,40}\b(understand|remember|got it)?|stay (home|away)\b[^.!?\n]{0,30}\b(on the \d+|trial|court|hearing|that day)|memory\b[^.!?\n]{0,30}\b(not as good|isn't (as |that |so )?good|fail|fuzzy|funny thing)|say\b[^.!?\n]{0,5}\bi (don't|do not|can't|cannot) (recall|remember)|might not (really )?remember)\b/;

/** The device is hidden: "you will not find it in time". Demolition notices say where the charges are. */
/** Something left somewhere to wake at an hour, without the words "bomb" or "go off". */
const LEFT_TO_WAKE = /\b(something|it|a surprise|a gift|a present)\b[^]{0,80}\b(resting|waiting|placed|left|hidden|planted|tucked)\b[^]{0,200}\b(\d{1,2}(:\d\d)?|o'clock|noon|midnight|half past)\b/;
const HIDDEN = /\b(won't|will not|wont|not|never|nobody is going to|no one will)\b[^.!?\n]{0,20}\bfind (it|them)\b|\bcount on finding\b|\bnot telling you where\b/;

/**
 * An act demanded of an official, a witness or a rival: a vote changed, an order reconsidered, a
 * seat resigned. Lawful in a complaint; a threat when the letter also watches or menaces.
 */
const ACT_DEMANDED = /\b(change|reverse) (your|the|that) (vote|decision|ruling|order|mind)\b|\b(rescind|reconsider|withdraw|pull|drop|retract|cancel|tear up) (the|your|this|that|those|them|my|his|her)\b[^.!?\n]{0,20}\b(vote|order|ruling|decision|books?|complaint|charges?|case|lawsuit|suit|claim|report|statement|testimony|candidacy|name|eviction|papers|citation|ticket|permit|application|ordinance|motion)\b|\b(resign|step down|recuse yourself|leave town)\b|\btake (the|your|that|this) (review|post|video|comment|article|episode)s? down\b|\btake down (the|your|that|this) (review|post|video|comment|article|episode)\b|\bvote (no|yes|against|for) on\b|\b(reopen|recount) (the|your) (count|case|file|investigation|ballots)\b|\b(reverse|rescind|withdraw|drop|lift|waive) (the|your|my|this|that|those) ([a-z]+ ){0,2}(fines?|termination|firing|suspension|complaint|citation|violation|ruling|decision|write-?ups?)\b|\b(complaint|report|charges?|statement)s? (is |are )?withdrawn\b|\b(have|get|bring) (me )?(the|my) (money|cash)\b/;

/** A grudge against the recipient: what they did to the writer ("you fired me", "you voted", "you towed my car"). */
const GRUDGE = /\b(you )?cut me off\b|\b(ran|run) me off the road\b|\byou('ve| have)? (fired|voted|wrote|took|called|humiliated|ruined|cost|betrayed|cheated|evicted|towed|hooked|denied|rejected|expelled|banned|walked me out|gave my|kicked|threw|let me go|laid me off|terminated|sold|cut|killed|put (me|my)|made me|turned me|testified|shot down|dumped|left me|stole)\b/;

export type HarmReading = {
  /** The writer holds a grudge against the recipient. */
  grudge: boolean;
  /** A building that would burn, pointed out but not reported to anyone who inspects. */
  arson: boolean;
  violence: boolean; device: boolean; hidden: boolean; watching: boolean; menace: number; silencing: boolean;
  /** Menace beyond a bare "final warning", which a landlord or a collector writes too. */
  menacing: number;
  /** An act demanded under watching or menace beyond a bare "final warning". */
  coercion: boolean;
};


export function readHarm(l: Letter): HarmReading {
  const t = l.all;
  const menace = MENACE.filter((re) => re.test(t)).length + (has(t, HARM_COMING) ? 1 : 0);
  const watching = has(t, WATCHING);
  const menacing = menace - (has(t, WARNED) ? 1 : 0);
  return {
    violence: has(t, VIOLENCE),
    device: has(t, DEVICE) || (has(t, LEFT_TO_WAKE) && has(t, HIDDEN)),
    hidden: has(t, HIDDEN),
    watching,
    menace,
    menacing,
    grudge: has(t, GRUDGE),
    arson: has(t, FIRE_PRONE) && !has(t, FIRE_REPORTED),
    coercion: (watching || menacing > 0) && has(t, ACT_DEMANDED),
    // "Testify on the 14th and your brother stops breathing": testimony made the condition of a menace.
    silencing: has(t, WITNESS) && (has(t, SILENCED) || menace > 0 && /\b(testify|take (the|that) stand|show up (to|in|at) court|talk to (the )?(police|cops|detective|da))\b[^.!?\n]{0,30}\b(and|or)\b/.test(t)),
  };
}

// ------------------------------------------------------------------------------------------
// Exposure traded for money or an action
// ------------------------------------------------------------------------------------------

/** People close to the recipient, or who hold power over them: telling them is leverage over a private life. */
const PRIVATE_AUDIENCE = String.raw`(wife|husband|spouse|girlfriend|boyfriend|fiance|fiancee|boss|employer|supervisor|manager|hr|human resources|coworkers|co-workers|colleagues|church|pastor|congregation|elders|family|parents|mother|father|mom|dad|kids|children|in-laws|friends|neighbors|neighbours|clients|customers|patients|students|partners|investors|donors|ice|immigration|probation|parole|licensing board|bar association|the whole town|everyone you know|everybody you know|principal|dispatcher|group chat|pta|voters|union hall|family group|whatsapp group)`;
/** The public: going to the press or posting a review is how customers press a lawful complaint. */
const PUBLIC_AUDIENCE = String.raw`(press|reporters?|news|newspaper|tv station|channel \d+|internet|online|facebook|instagram|tiktok|twitter|social media|yelp|google reviews|everyone|everybody|board|members?)`;
/** Telling people, or sending them the material. Sending money to family is no lever: the material must be named. */
const MATERIAL_WORDS = String.raw`(it|them|this|these|that|everything|it all|copies|the full file|the (photos?|photographs|pictures?|pics|videos?|recordings?|tapes?|messages|texts|emails|letters|evidence|proof|story|truth|screenshots|files?|details|footage|receipts|records|docket( sheet)?|court records?|sheet|envelopes?|whole story|data|sample|link|list|blog|posts|notebook|markers|binder|ledger|folder|dossier)|(the )?(first|second|next|third) (set|batch|copy|envelope)( of [a-z]+)?)`;
const leverTo = (audience: string) =>
  new RegExp(
    [
      String.raw`\b(tell|telling|told|inform|informing|let)\b[^.!?\n]{0,8}\b(your |ur |the |all |every |everyone at |everybody at )?${audience}\b`,
      String.raw`\b(send|sending|sent|forward|forwarding|mail|mailing|post|posting|publish|publishing|leak|leaking|release|releasing|upload|uploading|share|sharing|report|reporting|expose|exposing|hand|give|deliver)\b[^.!?\n]{0,20}\b${MATERIAL_WORDS}\b[^.!?\n]{0,40}\b(to|on|with|in front of|all over)\b[^.!?\n]{0,25}\b${audience}\b`,
      String.raw`\b${MATERIAL_WORDS}\b[^.!?\n]{0,40}\b(go|goes|going|will go|end up|ends up|land|lands|get sent|gets sent|be sent|be mailed|be posted|be shared|be published|be in|end up in|appear in)\b[^.!?\n]{0,20}\b(to|on|in front of|all over)\b[^.!?\n]{0,25}\b${audience}\b`,
      String.raw`\b(report|reporting|turn) (you|him|her|them)( in)? to\b[^.!?\n]{0,25}\b${audience}\b`,
      // "one phone call to ICE", "letter to every elder, with the photos".
      String.raw`\b(phone call|tip|letter|copy|copies|email|link)s? to (every |each |all |all the |the |your |ur )?${audience}\b`,
      String.raw`\b${audience}\b[^.!?\n]{0,40}\b(will|would|might|could|gonna|is going to|are going to)\b[^.!?\n]{0,20}\b(see|hear|learn|find out|know|get|receive|love to see|be interested|find it interesting)\b`,
      // The short form of a note: "$1,000 by Friday or HR gets it", "or your wife hears about her".
      String.raw`\b(or|else|otherwise)\b[^.!?\n]{0,25}\b(your |ur |the )?${audience}\b[^.!?\n]{0,10}\b(gets?|sees?|hears?|learns?|finds? out|receives?)\b`,
    ].join("|"),
  );
const PRIVATE_LEVER = new RegExp(`${leverTo(PRIVATE_AUDIENCE).source}|\\b(or|else|otherwise) [a-z]+ (hears|finds out|learns|gets told)\\b( it| about| everything| the whole)|\\b(or|else|otherwise|if (i|we) (don't|do not) see [a-z ]{0,20},|if not,) [a-z]+( both| all)? (gets?|sees?|receives?) (${MATERIAL_WORDS}|an? link|the link|an? ([a-z]+ ){0,2}(letter|copy|envelope|package|email|e-mail))\\b|\\b(everybody|everyone|every (name|person|contact)) on (that|the|my|your) (list|contacts)\\b[^.!?\\n]{0,20}\\b(gets?|sees?|receives?)\\b|\\b(your|ur) (wife|husband|spouse|partners|boss|employer|church|pastor|parents|in-laws)\\b[^.!?\\n]{0,80}\\b(number|email|e-mail|address|directory|contact|phone|looks at your phone|ig|instagram|facebook|page|account|profile|followers)\\b`);
const PUBLIC_LEVER = leverTo(PUBLIC_AUDIENCE);
/** A private matter held over the recipient. */
const SECRET = /\b(have|has) not (disclosed|told|mentioned|revealed)\b|\b(work permit|visa|green card|papers)\b[^.!?\n]{0,20}\b(expired|lapsed|ran out)\b|\b(id|license|social security card|papers)\b[^.!?\n]{0,30}\b(is not|isn't|was not|wasn't) real\b|\b(doesn't|does not|don't|do not|wouldn't|would not)\b[^.!?\n]{0,10}\bknow\b[^.!?\n]{0,30}\b(about|that|what)\b|\b(wife|husband|elders|boss|parents|congregation|fiance|fiancee)\b[^.!?\n]{0,12}\b(doesn't|don't|does not|do not) (know|either)\b|\bwhat (would|will) (your|ur)\b[^.!?\n]{0,30}\b(think|say|do)\b|\b(your|ur) (little )?secret\b|\bdoes (your |ur )?[a-z]+( at [a-z ]{1,20})? know (about|that|what|you|his|her)\b|\b(wife|husband|spouse|boss|employer|family|elders|congregation)\b[^.!?\n]{0,30}\b(is|are) (at present |currently |still )?unaware\b|\bkeep (my|our) mouth shut\b|\b(my|our) silence\b|\bstays? (quiet|between us|buried|private)\b|\b(affair|mistress|girlfriend on the side|cheating|naked|nude|intimate|sexual|escort|hotel room|(hotel|motel) room \d+|room \d+ (at|of) the (hotel|motel|inn)|motel|dating site|conviction|criminal record|arrest record|arrest report|booking (log|photo|report)|mug ?shot|extramarital|rehab|dui|undocumented|illegals|not here legally|don't have papers|do not have papers|no papers|green card|visa status|tourist visa|overstay|employment eligibility|valid (work|employment) authori[sz]ation)\b/;
/** A campaign of fake reviews or complaints that stops when paid. */
const SABOTAGE = /\breviews? (stop|end|come down|go away)\b[^.!?\n]{0,40}\b(money|payment|paid|pay|fee)\b|\b(one-star|1-star|1 star|one star|bad|negative|fake)\b[^]{0,40}\breviews?\b[^]{0,600}(\$\s?\d|\b(pay|payment|fee|cash app|venmo|zelle|retainer|monthly|agreement)\b)[^]{0,300}\b(stop|stops|removed|remove|delete|deleted|disappear|go away|taken down|cease|comes? down|coming down)\b|\b(stop|stops|removed|remove|delete|deleted|disappear|go away|taken down)\b[^]{0,200}\b(one-star|1-star|1 star|negative|bad|fake) reviews?\b[^]{0,300}\b(pay|fee|\$)/;
const MATERIAL = /\benclosed (is|are) (a )?cop(y|ies) of\b|\b(i|we|the undersigned)\b[^.!?\n]{0,30}\b(have|got|kept|keep|saved|recorded|took|taken|made|filmed|copied|hold|held|still have|screenshotted|downloaded|retain|retained|possess|possessed|obtained|located|documented|preserved)\b[^.!?\n]{0,40}\b(photos?|photographs?|images|pictures?|pics|drafts?|logs?|history|spreadsheet|(?<!on )file|binder|ledger|folder|dossier|bills of lading|install logs|serial keys|documentation|videos?|recordings?|tapes?|screenshots?|messages|texts|emails|letters|receipts|records|files|data|database|proof|evidence|copies|footage)\b|\b(photos?|pictures?|pics|videos?|recordings?|footage|screenshots?)\b[^.!?\n]{0,40}\b(of you|of the two of you|of your|you and)\b|\b(in possession of|in (my|our) possession)\b[^.!?\n]{0,60}\b(photos?|photographs|pictures?|videos?|recordings?|messages|texts|emails|receipts|records|files|data|copies|footage)\b/;
const CONDITION = /\b(you (don't|do not|won't|will not)|if not|don't),? and (i|we|it|they|the|everything)\b|\b(unless|if you (don't|do not|dont|refuse|fail|won't|ignore)|if (i|we) (don't|do not|dont) (get|receive|see|hear)|or (else|i|we|it|they|the|everything)|otherwise|if not|if (it|this|that) (doesn't|does not|don't)|if (the |your |my |that |this )?[a-z]+ (isn't|is not|doesn't|does not|hasn't|has not|wasn't|aren't|won't) |stop paying|miss (a|one) (week|month|payment|payday|friday)|should (the |your |my )?[a-z]+ (not|fail)|if (your|the) [a-z]+ (is|are) still|up to you|miss (it|a payment|one|the deadline)|failing (that|which|this)|one (phone )?call,? and|(needs?|has|have) to go (anywhere|any further|further)|go no further|don't make me|if you (decline|stop coming|stop)|upon (satisfaction|receipt) of|before (i|we|it|this|they)|in exchange|in return|for (my|our) silence|to keep (this|it|me|us) quiet|and (this|it|everything) (goes away|disappears|stays|ends)|and (i|we)('ll| will) (delete|destroy|forget|disappear|go away|never)|if (it's|it is|nothing|the money|payment|that) (not there|comes|arrives|doesn't|does not|isn't|is not)|if (payment|the money) (isn't|is not|doesn't|does not)|by (monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|noon|midnight|eod|the \d+(st|nd|rd|th)?|end of)|within \d+ (hours|days)|(\d+|twenty-four|forty-eight|seventy-two|one|two|three|five|seven) (hours|days) to)\b/;

/** Silence or harm's end offered for a price: "then I forget the whole thing", "you never hear from me again". */
const SILENCE = /\b(file|copy|copies|folder|matter|it) (stays|remains) (exactly |right )?where (it is|they are)\b|\b(i|we) (never|won't|will not|will never) say (nothing|a word)\b|\bnever say anything (to anyone|again)\b|\b(camera|memory|phone|notebook) forgets\b|\band the (copy|copies|files?|data|records) (dissolves?|vanish(es)?|disappears?)\b|\b(it|they|these|those|everything|all of it|the (file|files|papers|photos|pictures|emails|recordings|videos|copies|screenshots|documents|spreadsheet|binder|evidence)) (stays?|stay|remains?|will (stay|remain)) (safely |quietly |permanently )?(with me|with us|in (my|our) possession( permanently)?|on my (hard drive|computer|phone|laptop))\b|\b(consider|count) (the|this|that|the other) matter (entirely |quite |completely )?(forgotten|closed|settled)\b|\b(i'll|i will|we'll|we will) forget (all )?about\b|\b(once|when|after|upon|as soon as|the moment)\b[^.!?\n]{0,60}\b(paid|payment|receipt|received|confirmed|arrives|clears)\b[^.!?\n]{0,60}\b(recordings?|videos?|photos?|pictures?|images|footage|files?|screenshots|copies|binder|tapes?|evidence|documents|logs)\b (will be|are|get|gets|is)( then| permanently| all)? (deleted|destroyed|shredded|erased|wiped)\b|\b(envelope|binder|file|folder|copies|complaint|letter|photos?|tape) (goes|go|will go) (in|into) the (shredder|fire|fireplace|trash|bin)\b|\b(then|and) (i|we)('ll| will)? (forget|delete|destroy|disappear|go away|burn)\b|\b(i|we) (have|will have|'ll have) the worst memory\b|\bwhat keeps it that way\b|\byou('ll| will)? never hear from (me|us)( again)?\b|\b(it all|everything|this|all of it|the problem|it) (goes away|go away|disappears|gets deleted|is deleted|will be deleted|ends)\b|\bforget (the whole thing|about it|what (i|we) know)\b|\band the (video|photos?|pictures?|recordings?|footage|files?|letters|screenshots|link) (disappears?|is deleted|gets deleted|goes away|is destroyed|vanish(es)?|stays? (private|hidden|buried))\b|\bnobody (ever )?(sees|hears about|finds out about|learns about) (these|them|it|this|the)\b|\b(matter|this) (is )?closed\b|\b(refrain|forbear|hold off|withhold)\b[^.!?\n]{0,60}\b(so long as|as long as|provided( that)?|if|while) you (pay|keep paying|continue (to pay|paying)|send)\b|\breturn (the|all|my|those) (copies|files|photos|list|materials)\b|\b(stays?|remain|kept) in my (drawer|desk|safe|files)\b|\b(lose|losing|shred|shredding|bury|burying|forget|forgetting|misplace|misplacing) (it|them|this|that|the (page|file|copies|ledger|envelope|folder))\b[^.!?\n]{0,20}\b(costs?|will cost|is worth|for \$)|\b(fee|price|cost) (for|of) (closing|keeping|burying|forgetting|losing|shredding|sealing) (this|the|that|it|your)\b|\bforget what (i|we) (saw|know|heard|found)\b|\b(file|matter|it|this) (will )?go(es)? no further\b|\bneither (envelope|letter|copy|file)\b[^.!?\n]{0,20}\b(needs?|has) to go\b/;
/** Something of theirs held until paid: a pet, a car, a relative. */
const HOSTAGE = /\byou('ll| will)? never see (him|her|it|them|your [a-z]+) (again|alive)\b|\b(i|we) (have|got) (him|her|your (dog|cat|puppy|horse|son|daughter|car|truck))\b[^]{0,300}\b(reward|cash app|venmo|zelle|\$\s?\d)/;
/** Many accounts or profiles, all to post one-star reviews: a campaign, not a customer's review. */
const REVIEW_ACCOUNTS = /\b(\d+|twenty|thirty|forty|fifty|dozens of|a dozen|a hundred|several|multiple) (accounts|profiles|reviewers|sock puppets?)\b[^]{0,400}\b(one star|one-star|1 star|1-star|bad reviews?|negative reviews?)\b/;
/** Bad reviews written in advance and sold off as a monthly "service". */
const REVIEW_RACKET = /\breviews?\b[^]{0,800}\b(reputation|review|rating) (protection|shield|defen[cs]e|insurance) (plan|partnership|program|package)\b|\b(one-star|1-star|1 star|one star|negative|bad)\b[^.!?\n]{0,40}\breviews?\b[^]{0,600}\b(unless|until|stop(s)? (when|once|if)|resumes?)\b[^]{0,600}\b(per month|a month|monthly|onboarding|retainer|subscription|plan)\b/;
/** Protection money: a regular fee so that nothing happens to the shop. */
const PROTECTION = /\b(extend(s|ed)? (its|our) protection|protection (to|for) (your|the|every) (shop|store|business|establishment|merchants?))\b[^]{0,600}(\$\s?\d|\b(contribution|fee|dues|payment)\b)|(\b(pays?|(?<!late )fee|contribution|dues)\b|\$\s?\d[\d,]*)[^]{0,80}\b((every|each|per|a) (month|week|friday|monday)|monthly|weekly)\b[^]{0,600}\b(glass|window|windows|fires?(?! (protection|safety|extinguishers?|inspections?|sprinklers?|alarms?|marshal|department|code))|trouble|scare|broken|nobody (breaks|bothers|touches)|look after|keep (it|things|the street) (safe|quiet)|(?<!social )security)\b|\b(glass|window|windows|fires?(?! (protection|safety|extinguishers?|inspections?|sprinklers?|alarms?|marshal|department|code))|trouble|scare|broken|nobody (breaks|bothers)|look after|(?<!social )security)\b[^]{0,600}(\b(pays?|(?<!late )fee|contribution|dues)\b|\$\s?\d[\d,]*)[^]{0,80}\b((every|each|per|a) (month|week|friday|monday)|monthly|weekly)\b/;
/** Data taken and held for ransom. */
const RANSOM = /\b(we|i|the undersigned)\b[^.!?\n]{0,20}\b(copied|downloaded|took|obtained|encrypted|exfiltrated|stole|accessed|have|in possession of)\b[^]{0,200}\b(data|records|files|database|client (names|list)|social security numbers|medical records)\b[^]{0,800}\b(publish|release|sell|leak|post|notify|send (it|them|the)|auction|be posted|go public)\b/;

/** The recipient's own wrongdoing, documented by the writer: what an extortionist holds. */
const WRONGDOING = /\b(unlicensed|unlicenced|padded|padding|fake|forged|ghost-?wr\w*|i wrote it|wrote (it|them|her \w+|his \w+) (for|myself)|without (a|the) (permit|license)|(don't|do not|never) have the permit|illegal(ly)?|fraud\w*|lied|cheat\w*|stole|stolen|embezzl\w*|kickbacks?|bribe\w*|violations?|mislabel\w*|bulk \w+ juice|rat|rats|mold|cockroach\w*|under the table|off the books|cooked the books|affair|undocumented)\b/;
/** A lawful remedy named: the writer's own claim pursued through the courts, not a secret sold. */
const LAWFUL_REMEDY = /\b(small claims|court|attorney|lawyer|lawsuit|sue|suit|legal action|arbitration|complaint with|file a claim)\b/;

/**
 * Anyone the writer could tell: people close to the recipient, the public, or an authority over
 * them (a licensing board, the building department, the police). Reporting to an authority is a
 * lawful remedy for the writer's own grievance; traded for the writer's gain it is extortion.
 */
const ANY_AUDIENCE = String.raw`(${PRIVATE_AUDIENCE}|${PUBLIC_AUDIENCE}|police|cops|sheriff|da|the city|the county|the state|the feds|fbi|irs|dcfs|cps|child protective services|osha|lara|building (department|inspector|official)|code enforcement|assessor|zoning|health department|inspectors?|(state |medical |nursing |dental )?board( of [a-z]+)?|licensing( board)?|license board|the panel|risk management|compliance|the bar|prosecutors?|district attorney|insurance (company|carrier)|(your|the) (insurer|carrier|regulators?|auditors?|department|agency|district|school|university|college|league|commissioner|diocese|bishop|synod|elders|deacons|audit committee|trustees|committee|hiring (committee|panel)|admissions office|dean)|regulators?|auditors?|department|dept|bureau|office|desk|hotline|commission|agency|authority|administration|committee|council|division|ombudsman|attorney general|inspector general|times|tribune|gazette|chronicle|journal|herald|editors?|offices|internal revenue service|revenue service|finance committee)`;
/** The material itself, which goes somewhere: "it goes to Internal Audit", "the file reaches the Board". */
const THE_MATERIAL = String.raw`(it|they|them|this|these|that|everything|all of it|${MATERIAL_WORDS}|(my|our|the) (archive|spreadsheet|report|documentation|screenshots|papers|ledger|log|logs|notes|dossier|findings|copies|copy))`;
const TELL_ANYONE = new RegExp(
  [
    String.raw`\b(i|we)\b('ll| will| would| could| can| am going to| are going to| gonna| might| may| shall| have to|'d have to| would have to| will have to| will be forced to| feel obliged to| feel obligated to)?( simply| just| always)?[^.!?\n]{0,12}\b(call|calls|report|reports|tell|tells|notify|contact|inform|alert|send|forward|show|mail|give|hand|take (it|this|them|that)|bring (it|this|them|that)|post|share|mention (it|this|that)|go|goes|telephone|phone|email|e-mail)\b[^.!?\n]{0,40}\b${ANY_AUDIENCE}\b`,
    String.raw`\b(i|we)\b('ll| will| shall| am going to| are going to)[^.!?\n]{0,12}\b(send|forward|mail|deliver|hand|bring)\b[^.!?\n]{0,80}\bto (the|that|your) (internal revenue service|irs|[a-z ]{0,30}(department|board|bureau|commission|offices?|agency|committee|meeting))\b`,
    String.raw`\b${ANY_AUDIENCE}\b[^.!?\n]{0,30}\b(would|will|might|could|'d)\b[^.!?\n]{0,15}\b(find|love|like|want|be (very |most |extremely )?(interested|curious|glad|happy|eager))\b`,
    // "nobody has to loop in the board, the auditors, or your wife".
    String.raw`\b(loop|looping|bring|bringing|copy|copying) in\b[^.!?\n]{0,20}\b${ANY_AUDIENCE}\b`,
    String.raw`\b${THE_MATERIAL}\b[^.!?\n]{0,20}\b(go|goes|going|will go|gets? (sent|forwarded|mailed|delivered|filed)|be (sent|forwarded|mailed|delivered|submitted|filed|handed)|reach|reaches|land|lands|end up|ends up)\b[^.!?\n]{0,40}\b${ANY_AUDIENCE}\b`,
    // "In exchange, the nursing director and the Board don't receive a copy."
    String.raw`\b${ANY_AUDIENCE}\b[^.!?\n]{0,50}\b(don't|do not|doesn't|does not|won't|will not|never|need not|needn't|need never)\b[^.!?\n]{0,10}\b(receive|get|see|hear|learn|find out)\b`,
    String.raw`\bwould (find|consider) [a-z' ]{0,40}\b(fascinating|interesting|illuminating|instructive|of (great |real |some )?interest|compelling|revealing|enlightening)\b`,
    String.raw`\b(and|or|then|,) (i|we) (file|report (it|you|this|that)|make (the|that|a|one) (phone )?call|blow the whistle|go public|go to the (press|papers|police|board|city|state))\b`,
    // Exposure made the price of a refusal: "or DCSA gets an anonymous tip with screenshots",
    // "stop paying and the screenshots land on the superintendent's desk".
    String.raw`\b(or|otherwise|if|unless|else|stop paying and)\b[^.!?\n]{0,80}\b(tip|tips|copy|copies|envelopes?|screenshots?|photos?|pictures?|videos?|recordings?|files?|form|complaint|report|phone call|the (whole )?story)\b[^.!?\n]{0,30}\b(goes|go|gets?|lands?|lands on|reaches?|in the mail|to|on)\b`,
    // The material in someone's hands: "I'll assume you'd like Diane to have copies", "the Courier would have them".
    String.raw`\b[a-z]+('s)? (to have|would have|will have|gets?|receives?|sees?) (a copy|copies|them all|them|the (photos?|pictures|videos?|screenshots|texts|messages|file|files|recordings?|report|documents|records|spreadsheet))\b(?! (back|returned))`,
    // Exposure prepared and waiting: "I have not yet shared them with the elders", "envelopes addressed to each".
    String.raw`\b(have|has) not (yet )?(shared|sent|shown|forwarded|mailed|told|reported|passed)\b|\bprepared (envelopes|copies|a (letter|complaint|report|tip))\b|\b(envelopes?|complaint|report|form)s?\b[^.!?\n]{0,40}\b(on my desk|ready to (go|mail|send)|addressed to)\b`,
    String.raw`\b(i|we) (have|got|keep) (a|the) (phone )?number (for|of)\b[^.!?\n]{0,30}\b${ANY_AUDIENCE}\b|\b(i|we) make (a|one|the|that) (phone )?call\b|\bone (phone )?call from (me|us)\b|\b(one|a|single|quick|short|anonymous) (phone )?(call|tip|letter|email|e-mail|complaint|report) to\b|\b(i|we) (could|can|might) (always )?(make|place|send) (a|one) (phone )?(call|tip|complaint)\b`,
  ].join("|"),
);
/** What the writer says they know, saw or hold about the recipient. */
const KNOWS = /\b(i|we)\b[^.!?\n]{0,15}\b(saw|seen|watched|caught|noticed|know|knew|remember|found out|learned|discovered|checked|looked (you|it|her|him|them) up|came across|happen to (know|hold|have)|hold a|have a (certified )?copy|kept a copy|made a copy|got it on)\b/;
/** A favour demanded for the writer: a recommendation, a title signed over, shifts covered, a race abandoned. */
const FAVOUR = /\bas a favou?r to me\b|\byou (will|must|shall) (also )?(be )?[a-z]+\b[^.!?\n]{0,60}\bat no charge\b|\b(will|shall) not be paid\b|\bsign\b[^.!?\n]{0,60}\bover to me\b|\btransfer\b[^.!?\n]{0,40}\bto me\b|\b(recommend me|(sign|signs|signed) (the [a-z]+ |it |them |the title )?over|cover my|give me (the|your|a)|withdraw (from|your)|drop out|step aside|step down|vote (for|against|no|yes)|transfer (the|it|them) to me|approve my|hire (me|my)|promote me|put me (in|on)|let me (keep|have|stay))\b/;
/** Money for the writer rather than a debt paid through ordinary channels. */
const FOR_THE_WRITER = /\b(cash|(?<!(enclosed|return|reply|self-addressed|postage-paid|prepaid|stamped) )envelope(?! (provided|enclosed))|in my mailbox|under (my|the) door|to me(,| personally| directly| not)|not (to )?the (office|company|management)|every (week|month|friday|payday|monday)|per (week|month)|a (week|month)\b|for my (trouble|silence|time)|plus \$)/;

export type ExposureReading = { tellsAnyone: boolean; knows: boolean; favour: boolean; forTheWriter: boolean; privateLever: boolean; publicLever: boolean; secret: boolean; material: boolean; condition: boolean; sabotage: boolean; silence: boolean; protection: boolean; ransom: boolean; hostage: boolean; wrongdoing: boolean; lawfulRemedy: boolean };

export function readExposure(l: Letter): ExposureReading {
  const t = l.all;
  const reviews = /\b(one-star|1-star|1 star|one star|bad|negative|fake)\b[^.!?\n]{0,40}\breviews?\b|\b(one|1)-stars\b/.test(t);
  return {
    tellsAnyone: has(t, TELL_ANYONE),
    knows: has(t, KNOWS),
    favour: has(t, FAVOUR),
    forTheWriter: has(t, FOR_THE_WRITER),
    privateLever: has(t, PRIVATE_LEVER),
    publicLever: has(t, PUBLIC_LEVER),
    secret: has(t, SECRET),
    material: has(t, MATERIAL),
    condition: has(t, CONDITION),
    // Reviews that stop when paid, in whichever order the letter says it.
    sabotage: has(t, SABOTAGE) || has(t, REVIEW_RACKET) || (reviews && has(t, SILENCE) || has(t, REVIEW_ACCOUNTS)) && /\b(pay|paid|payment|cash app|venmo|zelle|\$\s?\d)/.test(t),
    silence: has(t, SILENCE),
    protection: has(t, PROTECTION),
    ransom: has(t, RANSOM),
    hostage: has(t, HOSTAGE),
    wrongdoing: has(t, WRONGDOING),
    lawfulRemedy: has(t, LAWFUL_REMEDY),
  };
}

// ------------------------------------------------------------------------------------------
// Letters about harm rather than doing it: fiction and reporting
// ------------------------------------------------------------------------------------------

const STORY_TALK = [
  /\b(chapter|manuscript|novel|novella|screenplay|teleplay|script|short story|flash fiction|my story|the story|this story|a story|excerpt|draft|scene)\b/,
  /\b(protagonist|antagonist|villain|narrator|character|characters|plot|dialogue|pov|point of view)\b/,
  /\b(writing (group|workshop|circle|class|contest)|critique|feedback on|beta read|literary agent|query|word count|publisher|publishing|my editor|submission|red pens?|end of (the )?chapter|line edits?|tear it apart|on-the-nose|on the nose|the reader|readers will)\b/,
  /\b(thriller|mystery|crime fiction|noir|suspense|horror|true crime|true-crime|podcast|documentary|cold case|the book i am writing|my book|book about|research)\b/,
  /(^|\s)(int\.|ext\.|fade in|cut to|beat\.)|\b(interior|exterior) - /,
];

/** How many kinds of talk about writing a story or a book the letter has: 2 or more reads as fiction or reporting. */
export function storyTalk(l: Letter): number {
  return STORY_TALK.filter((re) => re.test(l.all)).length;
}
