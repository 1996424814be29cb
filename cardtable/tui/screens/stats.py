"""The statistics screen: each game's results by variant and opponent level, with bars and the trend.

The figures come from ``cardtable.stats`` (the archive's records, replayed); this screen only draws them:
a bar per group (won in green, lost in red, with the numbers beside it, never colour alone) and a
Sparkline of the win rate as it went over the latest matches.  What came from the statistics file (a
variant, a level) goes in as ``Text``, made visible, never as markup.
"""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Label, OptionList, Sparkline, Static
from textual.widgets.option_list import Option

from cardtable.engine.visible import visible
from cardtable.engine.words import counted
from cardtable.games import find_game
from cardtable.stats import GroupStats, StatsFailed, level_words, load_statistics, percent
from cardtable.tui.laid_out import LaidOutOnce
from cardtable.tui.styled_once import StyledOnce
from cardtable.tui.widgets.footer import KeysFooter

ALL = "all"
#: Columns of a group's bar at the narrowest (80 columns) and at most.
BAR_MIN, BAR_MAX = 12, 30


def bar(group: GroupStats, width: int) -> Text:
    """Won and lost as one bar: ``█`` for the wins, ``░`` for the losses."""
    wins = round(width * group.won / group.played) if group.played else 0
    text = Text("█" * wins, style="green")
    text.append("░" * (width - wins), style="red")
    return text


def group_text(group: GroupStats, width: int, with_game: bool) -> Text:
    title = f"{find_game(group.game).title}: " if with_game else ""
    text = Text(visible(f"{title}{group.variant}, against {level_words(group.game, group.level)}") + "\n", style="bold")
    text.append("  ")
    text.append_text(bar(group, width))
    text.append(f" {group.won} of {group.played} won ({percent(group.win_rate)})\n")
    best = "—" if group.best_hand is None else f"{group.best_hand:+}"
    text.append(f"  Streak {group.current_streak} (best {group.best_streak}) · best hand {best}")
    if group.assisted:
        text.append(f" · {group.assisted} with help")
    return text


def running_rate(results: list[bool]) -> list[float]:
    """The win rate after each of ``results``: the line the trend chart draws."""
    won, rates = 0, []
    for number, result in enumerate(results, start=1):
        won += result
        rates.append(won / number)
    return rates


class StatsScreen(LaidOutOnce, StyledOnce, Screen[None]):
    BINDINGS = [
        Binding("h", "history", "Match history"),
        Binding("r", "rebuild", "Rebuild"),
        # Over the games list's own paging: the list is short, the figures may be long.
        Binding("pagedown,space", "scroll_body(1)", "Scroll", show=False, priority=True),
        Binding("pageup", "scroll_body(-1)", "Scroll back", show=False, priority=True),
        Binding("escape,q", "close", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.statistics, self.notices = load_statistics()
        self.game: str = ALL

    def compose(self) -> ComposeResult:
        with Vertical(id="stats"):
            yield Label("Statistics", classes="dialog-title")
            with Horizontal(id="stats-row"):
                yield OptionList(*self.game_options(), id="stats-games", markup=False)
                with VerticalScroll(id="stats-body"):
                    yield Static("", id="stats-total", markup=False)
                    yield Label("", id="stats-trend-title", markup=False)
                    yield Sparkline([], id="stats-trend")
                    yield Static("", id="stats-results")
                    yield Static("", id="stats-games-chart")
                    yield Static("", id="stats-groups")
                    yield Static("", id="stats-counts", markup=False)
        yield KeysFooter(show_command_palette=False)

    def game_options(self) -> list[Option]:
        total = len(self.statistics.matches)
        options = [Option(f"All games ({total})", id=ALL)]
        for game in self.statistics.games():
            played = sum(1 for s in self.statistics.matches if s.game == game)
            options.append(Option(f"{find_game(game).title} ({played})", id=game))
        return options

    def on_mount(self) -> None:
        for notice in self.notices:
            self.notify(visible(notice), severity="warning", timeout=10, markup=False)
        self.query_one(OptionList).focus()
        self.show()

    def on_resize(self) -> None:
        self.show()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        self.game = event.option.id or ALL
        self.show()

    def show(self) -> None:
        statistics = self.statistics
        game = None if self.game == ALL else self.game
        body = self.query_one("#stats-body")
        width = max(BAR_MIN, min(BAR_MAX, body.size.width - 34))
        self.query_one(Sparkline).set_class(self.app.size.height >= 36, "tall")
        chart = self.query_one("#stats-games-chart", Static)
        chart.display = game is None and len(statistics.games()) > 1
        if chart.display:
            chart.update(self.games_chart(width))
        groups = statistics.groups(game)
        if groups:
            parts = [group_text(group, width, with_game=game is None) for group in groups]
            self.query_one("#stats-groups", Static).update(Text("\n\n").join(parts))
        else:
            self.query_one("#stats-groups", Static).update(
                "No finished match yet: statistics start with the first match you finish at the table."
            )
        results = [s.won for s in statistics.matches if game is None or s.game == game]
        won = sum(results)
        total = statistics.game_totals(game) if game is not None else None
        streak = f" · streak {total.current_streak} (best {total.best_streak})" if total is not None else ""
        summary = f"{len(results)} played · {won} won ({percent(won / len(results))}){streak}" if results else ""
        self.query_one("#stats-total", Static).update(summary)
        recent = results[-BAR_MAX * 2 :]
        trend = self.query_one(Sparkline)
        trend.display = len(recent) >= 2
        trend.data = running_rate(results)[-len(recent) :] if recent else []
        rates = trend.data or [0.0]
        title = (f"Win rate after each of the latest {len(recent)}: {percent(rates[0])} → {percent(rates[-1])}"
                 if len(recent) >= 2 else "")  # fmt: skip
        self.query_one("#stats-trend-title", Label).update(title)
        strip = Text()
        for won in recent:
            strip.append("W" if won else "L", style="green" if won else "red")
        self.query_one("#stats-results", Static).update(strip)
        self.query_one("#stats-counts", Static).update(self.counts_text(game))

    def games_chart(self, width: int) -> Text:
        """Every game's matches as one bar each, the longest bar for the game played most."""
        totals = [self.statistics.game_totals(game) for game in self.statistics.games()]
        most = max(total.played for total in totals)
        names = max(len(find_game(total.game).title) for total in totals)
        text = Text("Matches by game\n", style="bold")
        for total in totals:
            length = max(1, round(width * total.played / most))
            wins = round(length * total.won / total.played)
            text.append(f"  {find_game(total.game).title:<{names}} ")
            text.append("█" * wins, style="green")
            text.append("░" * (length - wins), style="red")
            text.append(f" {total.won}/{total.played}\n")
        return text

    def counts_text(self, game: str | None) -> str:
        lines = []
        for name in [game] if game is not None else self.statistics.games():
            total = self.statistics.game_totals(name)
            counts = total.labelled_counts()
            if counts:
                lines.append(
                    f"{find_game(name).title}: " + " · ".join(f"{label} {value}" for _k, label, value in counts)
                )
        return "\n".join(lines)

    def action_scroll_body(self, direction: int) -> None:
        """The figures scroll while the list of games keeps the keyboard."""
        body = self.query_one("#stats-body", VerticalScroll)
        body.scroll_page_down() if direction > 0 else body.scroll_page_up()

    def action_history(self) -> None:
        from cardtable.tui.screens.history import HistoryScreen

        self.app.push_screen(HistoryScreen(self.statistics))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # With no match read, every archive was read already: rebuilding would find nothing more.
        if action == "rebuild":
            return bool(self.statistics.matches)
        return True

    def action_rebuild(self) -> None:
        try:
            self.statistics, notices = load_statistics(rebuild=True)
        except StatsFailed as failure:
            self.notify(visible(f"The statistics could not be rebuilt: {failure.reason}."), severity="warning",
                        timeout=10, markup=False)  # fmt: skip
            return
        for notice in notices:
            self.notify(visible(notice), severity="warning", timeout=10, markup=False)
        menu = self.query_one(OptionList)
        menu.clear_options()
        menu.add_options(self.game_options())
        self.game = ALL
        self.show()
        self.refresh_bindings()
        archived = counted(len(self.statistics.matches), "archived match", "archived matches")
        self.notify(f"Statistics rebuilt from {archived}.", timeout=5)

    def action_close(self) -> None:
        self.dismiss(None)
