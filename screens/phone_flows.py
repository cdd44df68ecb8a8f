"""The table's side of the phones: the wallet QR code, and proposals arriving from the phones."""

from __future__ import annotations

from typing import TYPE_CHECKING

from banker.game import Game
from banker.ledger import LedgerError

if TYPE_CHECKING:  # the wallets' server, the QR code and their screens load when first used, not at start-up
    from banker.wallet.proposals import PendingWatch

POLL_SECONDS = 1.0


class PhoneFlows:
    """Mixed into the table screen: `w` shows the wallets' QR code, `P` reviews proposals."""

    game: Game
    pending_count: int = 0
    _pending: PendingWatch | None = None

    def watch_proposals(self) -> None:
        """Start asking once a second whether a phone proposed something (the table calls this on mount)."""
        from banker.wallet.proposals import PendingWatch

        self._pending = PendingWatch(self.game.store.path)
        self.set_interval(POLL_SECONDS, self.check_proposals)  # type: ignore[attr-defined]

    def check_proposals(self) -> None:
        """Toast proposals that just arrived; keep the count in the status line."""
        if self._pending is None or not self.is_mounted:  # type: ignore[attr-defined]
            return
        try:
            count, new = self._pending.poll()
        except LedgerError:
            return
        if new:
            from banker.wallet.safe_text import shown
            from banker.wallet.voice import meaning_now
        for proposal in new:
            meaning = meaning_now(self.game.state, proposal.line)
            self.notify(shown(f"{proposal.player} proposes: {meaning}  (P to review)"),  # type: ignore[attr-defined]
                        title="From a phone", timeout=8, markup=False)
        if count != self.pending_count:
            self.pending_count = count
            self.show_state()  # type: ignore[attr-defined]

    def action_wallets(self) -> None:
        from screens.wallet_screen import WalletScreen

        self.app.push_screen(WalletScreen(self.game.store.path))  # type: ignore[attr-defined]

    def action_proposals(self) -> None:
        from screens.proposals_screen import ProposalsScreen

        self.app.push_screen(ProposalsScreen(self.game), lambda _: self.show_state())  # type: ignore[attr-defined]

    def proposals_note(self) -> str:
        if not self.pending_count:
            return ""
        return f" · {self.pending_count} proposal{'s' if self.pending_count != 1 else ''} from phones (P)"
