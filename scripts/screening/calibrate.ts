// Calibrates the screener's thresholds (lib/screening/model/thresholds.json) on the
// leave-one-voice-out scores scripts/screening/train.py wrote, read together with the intent
// frame as it is now. Run by `npm run screening:train` after training; run it alone
// (`npm run screening:calibrate`) after changing the intent frame. The blind sets are never read.
import { writeFileSync } from "node:fs";
import { chooseThresholds, tally } from "@/lib/screening/calibrate-thresholds";
import { THRESHOLDS_PATH } from "@/lib/screening/two-key-screener";
import { calibrationLetters, perGroup } from "@/scripts/screening/corpus";

const { sha, letters } = calibrationLetters();

if (process.argv.includes("--nested")) {
  // How the rule itself generalises: thresholds chosen on every voice but one, applied to the one
  // left out. Writes nothing.
  const left = { lawful: 0, lawfulRefused: 0, lawfulHeld: 0, harmful: 0, harmfulRefused: 0, harmfulStopped: 0 };
  for (const voice of [...new Set(letters.map((l) => l.voice))].sort()) {
    const { thresholds: t } = chooseThresholds(letters.filter((l) => l.voice !== voice));
    const f = tally(letters.filter((l) => l.voice === voice), t);
    left.lawful += f.lawful.letters; left.lawfulRefused += f.lawful.refused; left.lawfulHeld += f.lawful.held;
    left.harmful += f.harmful.letters; left.harmfulRefused += f.harmful.refused; left.harmfulStopped += f.harmful.refused + f.harmful.held;
    console.log(`${voice.padEnd(24)} ${JSON.stringify(t)}  lawful refused ${f.lawful.refused}, held ${f.lawful.held}; harmful refused ${f.harmful.refused} of ${f.harmful.letters}`);
  }
  console.log(
    `Thresholds chosen without each voice, applied to it: ${left.lawfulRefused} of ${left.lawful} lawful refused, ${left.lawfulHeld} held; ` +
      `${left.harmfulStopped} of ${left.harmful} harmful stopped, ${left.harmfulRefused} refused (${((100 * left.harmfulRefused) / left.harmful).toFixed(1)} %).`,
  );
  process.exit(0);
}
const { thresholds, figures, because } = chooseThresholds(letters);
const leaveOneVoiceOut = {
  overall: figures,
  by_voice: perGroup(letters, thresholds, (l) => l.voice),
  by_category: perGroup(letters, thresholds, (l) => l.category),
};
writeFileSync(THRESHOLDS_PATH, `${JSON.stringify({ corpus_sha256: sha, ...thresholds, chosen_because: because, leave_one_voice_out: leaveOneVoiceOut }, null, 2)}\n`);
console.log(
  `thresholds: classifier refuse ${thresholds.classifier.refuse}, hold ${thresholds.classifier.hold}; frame key ${thresholds.frame.key}, hold ${thresholds.frame.hold ?? "never alone"}; ` +
    `specific pair ${thresholds.specific ? `classifier ${thresholds.specific.classifier} with frame ${thresholds.specific.frame}` : "none"}`,
);
console.log(because);
console.table(Object.fromEntries(Object.entries(leaveOneVoiceOut.by_voice).map(([v, f]) => [v, { harmful: f.harmful.letters, refused: f.harmful.refused, held: f.harmful.held, mailed: f.harmful.mailed, lawful: f.lawful.letters, "lawful refused": f.lawful.refused, "lawful held": f.lawful.held }])));
