"""The figures of a mutation analysis: per exercise, as a table (Markdown) and as JSON."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def summary(result: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per exercise: mutants, killed by the hidden tests, flagged by the check,
    equivalent, survivors, and the two rates over the non-equivalent mutants."""
    rows = []
    for exercise in result["exercises"]:
        mine = [m for m in result["mutants"] if m["exercise"] == exercise]
        equivalent = sum(m["status"] == "equivalent" for m in mine)
        killed = sum(m["status"] == "killed" for m in mine)
        flagged = sum(m["check"] == "flagged" for m in mine if m["status"] != "equivalent")
        listed = sum(m["check"] == "listed" for m in mine)
        relevant = len(mine) - equivalent
        base = result["baseline"].get(exercise, {})
        rows.append({
            "exercise": exercise, "mutants": len(mine), "killed": killed, "flagged": flagged,
            "check_listed": listed, "equivalent": equivalent,
            "survivors": sum(m["status"] == "survived" for m in mine),
            "kill_rate": killed / relevant if relevant else 1.0,
            "check_rate": (flagged + listed) / relevant if relevant else 1.0,
            "baseline": "fails: " + base["by"] if base.get("killed") else (
                "check fails" if base.get("flagged") else ""),
        })
    return rows


def by_operator(result: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per operator, in the order they first appear: mutants, killed by the hidden
    tests, flagged by the check, equivalent, survivors."""
    rows = []
    for operator in dict.fromkeys(m["operator"] for m in result["mutants"]):
        mine = [m for m in result["mutants"] if m["operator"] == operator]
        rows.append({"operator": operator, "mutants": len(mine),
                     "killed": sum(m["status"] == "killed" for m in mine),
                     "flagged": sum(m["check"] == "flagged" for m in mine if m["status"] != "equivalent"),
                     "equivalent": sum(m["status"] == "equivalent" for m in mine),
                     "survivors": sum(m["status"] == "survived" for m in mine)})
    return rows


def _percent(rate: float) -> str:
    return f"{100 * rate:.0f} %"


def markdown(result: dict[str, Any], title: str = "Mutation analysis") -> str:
    """The table, the totals, the time, then each survivor as a diff."""
    rows = summary(result)
    lines = [f"# {title}", ""]
    count = sum(r["mutants"] for r in rows)
    seconds = result["seconds"]
    sample = f" (a sample of {result['sample']} mutants per worksheet, seed {result['seed']})" \
        if result.get("sample") is not None else ""
    spent = [m["seconds"] for m in result["mutants"]]
    where = result.get("jobs", 1)
    where = f"{where} processes" if isinstance(where, int) else f"the cluster {where}"
    lines += [f"{count} mutants of {len(rows)} exercises{sample}, {result['gradings']} gradings (the mutants and "
              f"each exercise's solution) in {seconds:g} s on {where}: "
              f"{result['gradings'] / seconds if seconds else 0:.2f} per second, "
              f"{sum(spent) / len(spent) if spent else 0:.2f} s per mutant in one process.", ""]
    if result.get("phases"):
        lines += ["Where a mutant's grading spends its time (seconds, on average): "
                  + ", ".join(f"{name} {value:.3f}" for name, value in result["phases"].items()) + ".", ""]
    lines += ["Killed: a hidden test of the exercise fails. Flagged: the exercise's check is not "
              "\"All N examples pass\". Rates are over the non-equivalent mutants.", ""]
    lines += ["| exercise | mutants | killed by hidden tests | flagged by the check | equivalent | survivors "
              "| kill rate | check rate | solution |",
              "|---|---:|---:|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        check = f"{r['flagged']}" + (f" (+{r['check_listed']} listed)" if r["check_listed"] else "")
        lines.append(f"| {r['exercise']} | {r['mutants']} | {r['killed']} | {check} | {r['equivalent']} "
                     f"| {r['survivors']} | {_percent(r['kill_rate'])} | {_percent(r['check_rate'])} "
                     f"| {r['baseline'].replace('|', '/') or 'passes'} |")
    total = {key: sum(r[key] for r in rows) for key in ("mutants", "killed", "flagged", "check_listed",
                                                          "equivalent", "survivors")}
    relevant = total["mutants"] - total["equivalent"]
    lines.append(f"| **all** | {total['mutants']} | {total['killed']} | {total['flagged']} | {total['equivalent']} "
                 f"| {total['survivors']} | {_percent(total['killed'] / relevant if relevant else 1)} "
                 f"| {_percent((total['flagged'] + total['check_listed']) / relevant if relevant else 1)} | |")
    lines += ["", "Per operator:", "", "| operator | mutants | killed by hidden tests | flagged by the check "
              "| equivalent | survivors |", "|---|---:|---:|---:|---:|---:|"]
    lines += [f"| {r['operator']} | {r['mutants']} | {r['killed']} | {r['flagged']} | {r['equivalent']} "
              f"| {r['survivors']} |" for r in by_operator(result)]
    survivors = [m for m in result["mutants"] if m["status"] == "survived"]
    if survivors:
        lines += ["", "## Survivors", ""]
        for m in survivors:
            lines += [f"### {m['id']} ({m['operator']}, check {m['check']})", "", "```diff", m["diff"], "```", ""]
    unseen = [m for m in result["mutants"] if m["status"] == "killed" and m["check"] not in ("flagged", "listed")]
    if unseen:
        lines += ["", "## Killed by the hidden tests, not shown by the check", ""]
        for m in unseen:
            lines.append(f"- {m['id']} ({m['operator']}, line {m['line']}): `{m['before'].splitlines()[0]}` -> "
                         f"`{m['after'].splitlines()[0] if m['after'] else ''}`")
    # an entry matches every mutant of the same text: it is stale only when none of them is equivalent
    def text(m: dict[str, Any]) -> tuple[str, ...]:
        return m["exercise"], m["operator"], m["before"], m["after"]
    needed = {text(m) for m in result["mutants"] if m["status"] == "equivalent"}
    stale = [m for m in result["mutants"] if m["stale"] and text(m) not in needed]
    if stale:
        lines += ["", "## Listed as equivalent but killed (remove them from the list)", ""]
        lines += [f"- {m['id']}: {m['by']}" for m in stale]
    return "\n".join(lines).rstrip() + "\n"


def write(result: dict[str, Any], out: Path) -> list[Path]:
    """``adequacy.json`` (every mutant's row and the summary) and ``adequacy.md`` in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    data = {**result, "summary": summary(result), "operators": by_operator(result)}
    paths = [out / "adequacy.json", out / "adequacy.md"]
    paths[0].write_text(json.dumps(data, indent=1), encoding="utf-8")
    paths[1].write_text(markdown(result), encoding="utf-8")
    return paths
