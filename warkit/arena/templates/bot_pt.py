"""Meu robô de War: um modelo (a arena do warkit). Copie este arquivo, renomeie e preencha.

Regras da arena:
- seu robô vê só o que o seu lugar pode saber (``view``) e as ações permitidas (``legal``);
- cada método devolve UMA das ações permitidas, em até 1 segundo;
- um método que você apagar joga como o robô ``easy``, então o robô sempre joga a partida toda;
- se o seu robô demorar demais, der erro ou devolver algo que não é permitido, o robô
  ``easy`` joga aquela decisão no lugar dele e o placar conta uma falta; depois de 3 faltas
  numa partida, o ``easy`` joga o resto dessa partida por você.

Teste em casa antes de entregar::

    from warkit.arena import run_arena
    print(run_arena(["meu_robo.py", "easy", "normal"], players=3, games=30).report())
"""

from warkit.actions import Action, Attack, EndPhase, Move, Place, Trade  # noqa: F401 (tipos úteis)
from warkit.bots.student import StudentBot
from warkit.legal import LegalActions
from warkit.view import PlayerView

NAME = "meu_robo"  # o nome do seu robô no placar (letras, algarismos, _ . -)


class Bot(StudentBot):
    """Meu robô. ``self.rng`` é um gerador aleatório com semente: use-o no lugar de ``random``."""

    def place(self, view: PlayerView, legal: LegalActions) -> Action:
        """Reforço: colocar exércitos em um dos meus territórios (ações ``Place``).

        Aqui: o território com mais exércitos que faz fronteira com um inimigo."""
        options = self.options(legal, Place)  # cada uma com todos os exércitos que posso colocar
        if not options:
            return self.end(legal)
        mine = self.mine(view)
        border = [p for p in options
                  if any(n not in mine for n in self.neighbours(p.territory))]
        return max(border or options, key=lambda p: self.armies_on(view, p.territory))

    def attack(self, view: PlayerView, legal: LegalActions) -> Action:
        """Atacar ou parar (ações ``Attack``, ou ``EndPhase``).

        Aqui: o ataque com a maior chance de conquista, se essa chance for de pelo menos 60%."""
        best = self.strongest_attack(view, legal, at_least=0.6)
        return best if best is not None else self.end(legal)

    # Outras decisões que você pode escrever (cada uma recebe ``view`` e ``legal``):
    # trade (troca de cartas), occupy (exércitos que entram após uma conquista), regroup
    # (remanejamento no fim da jogada) e, no SMART, react, discard, alliance, airlift.
    # Úteis: view.owner, view.armies, view.hand, view.objective, view.player,
    # self.options(legal, Tipo), self.win_chance(view, ataque), self.neighbours(território).
