// Calibrates the screener's thresholds (lib/screening/model/thresholds.json) on the
// leave-one-voice-out scores scripts/screening/train.py wrote, read together with the intent
// frame as it is now. Run by `npm run screening:train` after training; run it alone
// (`npm run screening:calibrate`) after changing the intent frame. The blind sets are never read.
import { writeFileSync } from "node:fs";
import { chooseThresholds } from "@/lib/screening/calibrate-thresholds";
import { THRESHOLDS_PATH } from "@/lib/screening/two-key-screener";
import { calibrationLetters, perGroup } from "@/scripts/screening/corpus";

const { sha, letters } = calibrationLetters();
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
