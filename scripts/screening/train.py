#!/usr/bin/env python3
"""Trains the screening text classifier from the labelled letters in
tests/fixtures/screening/train/ and writes what the service scores with:

  lib/screening/model/text-classifier.json   the weights (TF-IDF over word 1-2-grams and
                                             character 3-5-grams, multinomial logistic
                                             regression), the hash of the corpus they were
                                             trained on, and parity samples for the TypeScript
                                             scorer (lib/screening/text-classifier.ts)
  lib/screening/model/leave-one-voice-out.json   every training letter scored by a model trained
                                             on every voice but its own: the calibration set the
                                             thresholds are chosen on, and the per-voice figures

The blind sets (tests/fixtures/screening/blind/) are never read here.

Run it through `npm run screening:train`, which then calibrates the thresholds. Needs
scikit-learn (Debian: apt-get install python3-sklearn); the service itself never needs Python.
Training is deterministic: the same corpus and script give the same artifact.
"""
import base64
import functools
import hashlib
import json
import re
import sys
import unicodedata
from collections import Counter
from pathlib import Path

import numpy as np
import sklearn
from joblib import Parallel, delayed
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.feature_selection import chi2
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import roc_auc_score

ROOT = Path(__file__).resolve().parents[2]
TRAIN_DIR = ROOT / "tests/fixtures/screening/train"
MODEL_DIR = ROOT / "lib/screening/model"

# Chosen on the leave-one-voice-out scores (never on a blind set): see --search.
PARAMS = {"features": 150000, "min_df": 2, "C": 20.0, "class_weight": "balanced"}
ALLOW = "allow"

# --- Features: mirrored exactly by lib/screening/text-features.ts (a parity test holds them together).

INVISIBLE = re.compile("[\u00ad\u200b\u200c\u200d\u2060\ufeff]")
SINGLE_QUOTES = re.compile("[\u2018\u2019\u201a\u201b\u2032\u02bc`\u00b4]")
DOUBLE_QUOTES = re.compile("[\u201c\u201d\u201e\u201f\u2033]")
DASHES = re.compile("[\u2010-\u2015\u2212]")
DIGIT = re.compile("[0-9]")
SPACE = re.compile("[ \t\n\r\f\v\u0085\u2028\u2029]+")
WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")


def normalize(text):
    """NFKC (folds full-width and styled letters), lower case, straight quotes and dashes, every
    digit 0 (amounts, dates and phone numbers generalise), one space for any run of spaces."""
    t = unicodedata.normalize("NFKC", text)
    t = INVISIBLE.sub("", t).lower()
    t = SINGLE_QUOTES.sub("'", t)
    t = DOUBLE_QUOTES.sub('"', t)
    t = DASHES.sub("-", t)
    t = DIGIT.sub("0", t)
    return SPACE.sub(" ", t).strip()


@functools.lru_cache(maxsize=None)
def features(text):
    """Memoised: every fold of the leave-one-voice-out runs reads the same letters again."""
    return tuple(read_features(text))


def read_features(text):
    t = normalize(text)
    words = WORD.findall(t)
    out = ["w:" + w for w in words]
    out += ["w:" + a + " " + b for a, b in zip(words, words[1:])]
    for chunk in t.split(" "):
        if not chunk:
            continue
        padded = " " + chunk + " "
        for n in (3, 4, 5):
            out += ["c:" + padded[i:i + n] for i in range(len(padded) - n + 1)]
    return out


# --- Corpus


def corpus_files():
    return sorted(TRAIN_DIR.glob("*.json"))


def corpus_sha256():
    """Hash of the training files (name and bytes) and of this script: what the artifact is stale against."""
    h = hashlib.sha256()
    for f in corpus_files() + [Path(__file__).resolve()]:
        h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def load():
    letters = []
    for f in corpus_files():
        letters += json.loads(f.read_text(encoding="utf-8"))
    return letters


# --- Model


def fit(texts, classes, params):
    """Candidate n-grams seen in min_df letters, the most class-dependent kept (chi2), TF-IDF
    over those only (so the scorer needs no other n-gram), then logistic regression."""
    counts = CountVectorizer(analyzer=features, min_df=params["min_df"], binary=True)
    x = counts.fit_transform(texts)
    names = counts.get_feature_names_out()
    score, _ = chi2(x, classes)
    score = np.nan_to_num(score)
    keep = np.argsort(-score, kind="stable")[: params["features"]]
    # Most frequent first: the features a letter touches sit close together in the scorer's
    # weight table, which keeps a long letter's scoring in cache.
    df = np.asarray(x[:, keep].sum(axis=0)).ravel()
    order = sorted(range(len(keep)), key=lambda j: (-df[j], names[keep[j]]))
    vocabulary = [names[keep[j]] for j in order]
    tfidf = TfidfVectorizer(analyzer=features, vocabulary=vocabulary, sublinear_tf=True, norm="l2", smooth_idf=True)
    xt = tfidf.fit_transform(texts)
    model = LogisticRegression(C=params["C"], class_weight=params["class_weight"], max_iter=5000, solver="lbfgs")
    model.fit(xt, classes)
    return tfidf, model


def harm_probability(model, x):
    allow = list(model.classes_).index(ALLOW)
    return 1.0 - model.predict_proba(x)[:, allow]


def score_left_out(letters, v, params):
    """The letters of voice `v`, scored by a model trained on every other voice."""
    train = [l for l in letters if l["voice"] != v]
    test = [l for l in letters if l["voice"] == v]
    tfidf, model = fit([l["text"] for l in train], [l["category"] if l["label"] == "refuse" else ALLOW for l in train], params)
    probs = model.predict_proba(tfidf.transform([l["text"] for l in test]))
    return {l["id"]: {c: round(float(q), 5) for c, q in zip(model.classes_, p)} for l, p in zip(test, probs)}


def leave_one_voice_out(letters, params):
    """Each voice scored by a model trained on all the others: one fold per core (joblib ships
    with scikit-learn), which halves the time this takes on 2 cores. Forked processes (the
    multiprocessing backend), because loky's fresh interpreters cannot unpickle this script's
    functions. Each fold is deterministic, so the order they finish in does not matter."""
    voices = sorted({l["voice"] for l in letters})
    folds = Parallel(n_jobs=-1, backend="multiprocessing")(delayed(score_left_out)(letters, v, params) for v in voices)
    return {k: v for fold in folds for k, v in fold.items()}


def summarize(letters, scored):
    y = np.array([l["label"] == "refuse" for l in letters])
    p = np.array([1 - scored[l["id"]][ALLOW] for l in letters])
    lines = [f"leave-one-voice-out AUC {roc_auc_score(y, p):.4f} over {len(letters)} letters"]
    for v in sorted({l["voice"] for l in letters}):
        idx = [i for i, l in enumerate(letters) if l["voice"] == v]
        yy, pp = y[idx], p[idx]
        lawful = np.sort(pp[~yy])
        # Harmful letters scoring above the 95th and 90th percentile of the lawful letters.
        at = lambda q: float((pp[yy] > lawful[min(len(lawful) - 1, int(q * len(lawful)))]).mean()) if len(lawful) and yy.any() else float("nan")
        auc = roc_auc_score(yy, pp) if 0 < yy.sum() < len(yy) else float("nan")
        lines.append(f"  {v:20} {len(idx):5} letters  AUC {auc:.4f}  harmful above lawful p95 {at(0.95):.3f}  p90 {at(0.90):.3f}")
    return "\n".join(lines)


def main(argv):
    letters = load()
    texts = [l["text"] for l in letters]
    classes = [l["category"] if l["label"] == "refuse" else ALLOW for l in letters]
    print(f"{len(letters)} letters, {len({l['voice'] for l in letters})} voices: {dict(Counter(l['voice'] for l in letters))}")

    if "--search" in argv:
        for features_n in (20000, 40000, 80000):
            for c in (5.0, 20.0, 80.0):
                params = {**PARAMS, "features": features_n, "C": c}
                print(params)
                print(summarize(letters, leave_one_voice_out(letters, params)))
        return 0

    scored = leave_one_voice_out(letters, PARAMS)
    print(summarize(letters, scored))
    tfidf, model = fit(texts, classes, PARAMS)
    vocabulary = list(tfidf.vocabulary_.keys())
    vocabulary.sort(key=lambda f: tfidf.vocabulary_[f])
    sha = corpus_sha256()

    # The artifact stores each class's weights as 16-bit integers on that class's scale (a fifth of
    # the size of JSON numbers, and a change of at most 1/65534 of the largest weight), and idf
    # rounded to 6 decimals; the model scores with exactly those from here on, so the parity
    # samples below are what the TypeScript scorer must give.
    scale = np.abs(model.coef_).max(axis=1) / 32767.0
    scale[scale == 0] = 1.0
    quantized = np.round(model.coef_ / scale[:, None]).astype("<i2")
    model.coef_ = quantized.astype(np.float64) * scale[:, None]
    model.intercept_ = np.round(model.intercept_, 6)
    tfidf.idf_ = np.round(tfidf.idf_, 6)
    probabilities = lambda text: [round(float(q), 9) for q in model.predict_proba(tfidf.transform([text]))[0]]
    step = max(1, len(letters) // 12)
    parity = [{"id": l["id"], "probabilities": probabilities(l["text"])} for l in letters[::step][:12]]
    odd = "\u00dcn\u00efcode \u201cquotes\u201d \u2014 and 12 digits: \uff27\uff29\uff26\uff34 \uff23\uff21\uff32\uff24\uff33 only\u200b! \u2028 It\u2019s   \u00bd"
    parity.append({"text": odd, "probabilities": probabilities(odd)})

    MODEL_DIR.mkdir(parents=True, exist_ok=True)
    artifact = {
        "format": "tfidf-logistic-regression/1",
        "corpus_sha256": sha,
        "trained_on": {"letters": len(letters), "voices": dict(sorted(Counter(l["voice"] for l in letters).items()))},
        "trainer": {"script": "scripts/screening/train.py", "scikit_learn": sklearn.__version__, "params": PARAMS},
        "classes": model.classes_.tolist(),
        "features": vocabulary,
        "idf": [float(v) for v in tfidf.idf_],
        # Weight of feature f for class c: coef_int16[f * classes + c] * coef_scale[c], the
        # integers little-endian in base64.
        "coef_scale": [float(v) for v in scale],
        "coef_int16": base64.b64encode(np.ascontiguousarray(quantized.T).tobytes()).decode("ascii"),
        "intercept": [float(b) for b in model.intercept_],
        "parity": parity,
    }
    (MODEL_DIR / "text-classifier.json").write_text(json.dumps(artifact, ensure_ascii=False, separators=(",", ":")) + "\n", encoding="utf-8")
    (MODEL_DIR / "leave-one-voice-out.json").write_text(json.dumps({"corpus_sha256": sha, "classes": model.classes_.tolist(), "scores": {k: [v[c] for c in model.classes_] for k, v in sorted(scored.items())}}, separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {MODEL_DIR / 'text-classifier.json'} ({len(vocabulary)} features, {len(model.classes_)} classes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
