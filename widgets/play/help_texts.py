"""The rules in short, in pt-BR and en, one entry per rule ID of the project's rule book
(``rules.md``), grouped as the book groups them; read by :mod:`warkit_widgets.play.help_panel`.

Each text says what the rule means for a player, in the project's own words (the
project's decisions included), short enough to read during a game.
"""

from __future__ import annotations

from ..i18n import Lang

SECTIONS: tuple[tuple[str, dict[Lang, str], tuple[str, ...]], ...] = (
    ("components", {"en": "The game box", "pt": "O que vem na caixa"},
     ("C-COMP-1", "C-COMP-2", "C-COMP-3", "C-COMP-4")),
    ("setup", {"en": "Setting up", "pt": "Preparação"},
     ("C-SETUP-1", "C-SETUP-2", "C-SETUP-3", "C-SETUP-4")),
    ("turn", {"en": "A turn", "pt": "O turno"}, ("C-TURN-1", "C-TURN-2")),
    ("reinforce", {"en": "New armies", "pt": "Reforços"},
     ("C-REINF-1", "C-REINF-2", "C-REINF-3")),
    ("cards", {"en": "Cards and trades", "pt": "Cartas e trocas"},
     ("C-CARD-1", "C-CARD-2", "C-CARD-3", "C-CARD-4", "C-CARD-5", "C-CARD-6")),
    ("attack", {"en": "Attacking", "pt": "Ataque"},
     ("C-ATK-1", "C-ATK-2", "C-ATK-3", "C-ATK-4", "C-ATK-5")),
    ("conquest", {"en": "Conquering", "pt": "Conquista"}, ("C-CONQ-1", "C-CONQ-2")),
    ("move", {"en": "Moving armies", "pt": "Deslocamento"},
     ("C-MOVE-1", "C-MOVE-2", "C-MOVE-3")),
    ("end", {"en": "Elimination and victory", "pt": "Eliminação e vitória"},
     ("C-ELIM-1", "C-ELIM-2", "C-WIN-1", "C-WIN-2")),
    ("smart-setup", {"en": "SMART: setting up and words", "pt": "SMART: preparação e termos"},
     ("S-SETUP-1", "S-SETUP-2", "S-SETUP-3", "S-TERM-1", "S-TERM-2")),
    ("smart-reinforce", {"en": "SMART: new armies", "pt": "SMART: reforços"},
     ("S-REINF-1", "S-REINF-2", "S-REINF-3", "S-INTEL-1", "S-INTEL-2", "S-SUPPLY-1")),
    ("smart-combat", {"en": "SMART: combat and its advantages",
                      "pt": "SMART: combate e suas vantagens"},
     ("S-LIMIT-1", "S-AIR-1", "S-TERRAIN-1", "S-TERRAIN-2", "S-TERRAIN-3", "S-REROLL-1")),
    ("smart-conquest", {"en": "SMART: conquering", "pt": "SMART: conquista"},
     ("S-CONQ-1", "S-CONQ-2", "S-CONQ-3")),
    ("smart-move", {"en": "SMART: moving armies", "pt": "SMART: deslocamento"},
     ("S-MOVE-1", "S-ALLY-1", "S-PASS-1", "S-AIRLIFT-1")),
    ("smart-end-turn", {"en": "SMART: end of the turn", "pt": "SMART: fim do turno"},
     ("S-END-1", "S-END-2")),
    ("smart-trade", {"en": "SMART: trades", "pt": "SMART: trocas"},
     ("S-TRADE-1", "S-TRADE-2", "S-TRADE-3", "S-TRADE-4", "S-TRADE-5", "S-TRADE-6")),
    ("smart-end", {"en": "SMART: end of the game", "pt": "SMART: fim do jogo"},
     ("S-WIN-1", "S-WIN-2", "S-WIN-3")),
)
"""(section id, title, rule IDs in order)."""

RULES: dict[str, dict[Lang, str]] = {
    # -- classic ----------------------------------------------------------------------------
    "C-COMP-1": {
        "en": "From 3 to 6 players, each with a colour: white, black, red, blue, yellow or "
              "green.",
        "pt": "De 3 a 6 pessoas, cada uma com uma cor: branco, preto, vermelho, azul, "
              "amarelo ou verde."},
    "C-COMP-2": {
        "en": "The board has 42 territories in 6 continents. The deck has 44 cards: one per "
              "territory, each showing a square, a triangle or a circle, plus 2 jokers that "
              "show all three.",
        "pt": "O tabuleiro tem 42 territórios em 6 continentes. O baralho tem 44 cartas: uma "
              "por território, cada uma com um quadrado, um triângulo ou um círculo, e 2 "
              "coringas com as três figuras."},
    "C-COMP-3": {"en": "There are 14 objective cards.",
                 "pt": "Há 14 cartas de objetivo."},
    "C-COMP-4": {"en": "Up to 3 dice attack (red) and up to 3 dice defend (yellow).",
                 "pt": "Até 3 dados atacam (vermelhos) e até 3 defendem (amarelos)."},
    "C-SETUP-1": {
        "en": "Everyone gets a secret objective. Objectives to destroy a colour nobody plays "
              "are taken out first.",
        "pt": "Cada pessoa recebe um objetivo secreto. Antes, saem os objetivos de destruir "
              "cores que ninguém está usando."},
    "C-SETUP-2": {
        "en": "If your objective is to destroy your own colour, or someone else wipes out the "
              "colour you were hunting, your objective becomes: conquer 24 territories. The "
              "change stays secret.",
        "pt": "Se o seu objetivo é destruir a sua própria cor, ou se outra pessoa elimina a "
              "cor que você caçava, o objetivo passa a ser conquistar 24 territórios. A troca "
              "continua secreta."},
    "C-SETUP-3": {
        "en": "A die picks the dealer. The 42 territory cards are dealt round the table; you "
              "put 1 army on each territory you receive. Then the jokers join the deck and it "
              "is shuffled.",
        "pt": "Um dado escolhe quem distribui. As 42 cartas de território são distribuídas "
              "em roda; você põe 1 exército em cada território recebido. Depois os coringas "
              "voltam ao baralho, que é embaralhado."},
    "C-SETUP-4": {
        "en": "The player after the one who got the last card plays first; then play goes "
              "round clockwise.",
        "pt": "Começa quem vem depois de quem recebeu a última carta; depois a vez segue no "
              "sentido horário."},
    "C-TURN-1": {
        "en": "Your turn, in order: receive and place armies, attack if you like, move armies "
              "if you like, then draw a card if you earned one. After the first move, no more "
              "attacks.",
        "pt": "Seu turno, nesta ordem: receber e colocar exércitos, atacar se quiser, "
              "deslocar exércitos se quiser e, por fim, comprar uma carta se tiver direito. "
              "Depois do primeiro deslocamento, não se ataca mais."},
    "C-TURN-2": {
        "en": "Here you may attack from the very first round (a setting can forbid it).",
        "pt": "Aqui já se pode atacar na primeira rodada (uma opção pode proibir)."},
    "C-REINF-1": {
        "en": "You receive half your territories in armies (rounded down), and never fewer "
              "than 3.",
        "pt": "Você recebe metade dos seus territórios em exércitos (arredondando para "
              "baixo), nunca menos que 3."},
    "C-REINF-2": {
        "en": "Each continent you hold entirely adds its bonus, to be placed inside it: South "
              "America 2, Africa 3, Oceania 2, Europe 5, North America 5, Asia 7.",
        "pt": "Cada continente que é todo seu dá um bônus, colocado dentro dele: América do "
              "Sul 2, África 3, Oceania 2, Europa 5, América do Norte 5, Ásia 7."},
    "C-REINF-3": {"en": "Place every army you received before your first attack.",
                  "pt": "Coloque todos os exércitos recebidos antes do primeiro ataque."},
    "C-CARD-1": {
        "en": "Conquer at least one territory in your turn and you draw one card at its end "
              "(just one, however many you took).",
        "pt": "Conquistou ao menos um território no turno? Compre uma carta no fim dele (só "
              "uma, não importa quantos conquistou)."},
    "C-CARD-2": {
        "en": "A set is three cards with the same shape or three different shapes; a joker "
              "counts as any shape.",
        "pt": "Uma troca usa três cartas da mesma figura ou de três figuras diferentes; o "
              "coringa vale qualquer figura."},
    "C-CARD-3": {
        "en": "You may trade one set at the start of your turn; with 5 cards in hand you "
              "must. The eliminator's extra trade (C-ELIM-2) is the only other one.",
        "pt": "Você pode trocar uma vez no início do turno; com 5 cartas na mão, é "
              "obrigatório. A troca extra de quem elimina alguém (C-ELIM-2) é a única outra."},
    "C-CARD-4": {
        "en": "A trade is worth more the more trades the table has made: 4, 6, 8, 10, 12, "
              "15, then 5 more each time (20, 25, ...).",
        "pt": "Cada troca vale mais conforme a mesa já trocou: 4, 6, 8, 10, 12, 15 e depois "
              "5 a mais a cada vez (20, 25, ...)."},
    "C-CARD-5": {
        "en": "For each traded card showing a territory you own, 2 more armies go onto that "
              "territory.",
        "pt": "Para cada carta trocada de um território seu, 2 exércitos a mais vão para "
              "esse território."},
    "C-CARD-6": {
        "en": "Traded cards are set aside; when the deck is empty they are shuffled into a "
              "new one.",
        "pt": "As cartas trocadas ficam de lado; quando o baralho acaba, elas são "
              "embaralhadas e viram um novo baralho."},
    "C-ATK-1": {
        "en": "Attack from a territory of yours with 2 or more armies into a neighbouring "
              "enemy territory (land borders and dotted sea lines both count).",
        "pt": "Ataque a partir de um território seu com 2 ou mais exércitos contra um vizinho "
              "inimigo (fronteiras por terra e linhas pontilhadas no mar valem)."},
    "C-ATK-2": {
        "en": "Roll 1, 2 or 3 dice per battle, at most one fewer than the armies in your "
              "territory: one army always stays home.",
        "pt": "Role 1, 2 ou 3 dados por batalha, no máximo um a menos que os exércitos do "
              "território: um exército sempre fica."},
    "C-ATK-3": {"en": "The defender rolls one die per defending army, up to 3.",
                "pt": "A defesa rola um dado por exército defensor, até 3."},
    "C-ATK-4": {
        "en": "Sort both sides' dice from high to low and compare them in pairs (as many "
              "pairs as the side with fewer dice). The higher die wins the pair, a tie goes "
              "to the defender, and each lost pair costs that side one army.",
        "pt": "Os dados de cada lado são ordenados do maior para o menor e comparados em "
              "pares (tantos pares quanto os dados do lado com menos dados). O maior vence o "
              "par, o empate é da defesa e cada par perdido custa um exército a quem perdeu."},
    "C-ATK-5": {
        "en": "Keep fighting the same target while 2 or more armies remain, stop whenever "
              "you like, or attack elsewhere. Two of your territories never fight together.",
        "pt": "Você pode repetir as batalhas contra o mesmo alvo enquanto tiver 2 ou mais "
              "exércitos, parar quando quiser ou atacar outro lugar. Dois territórios seus "
              "nunca lutam juntos."},
    "C-CONQ-1": {
        "en": "Take the defender's last army and the territory is yours: move in at least 1 "
              "army and at most as many as the dice you just rolled, leaving 1 behind.",
        "pt": "Derrubou o último defensor, o território é seu: leve para lá pelo menos 1 "
              "exército e no máximo tantos quantos os dados da última batalha, deixando 1 "
              "para trás."},
    "C-CONQ-2": {"en": "Armies that moved in may attack again this turn.",
                 "pt": "Os exércitos que entraram podem atacar de novo no mesmo turno."},
    "C-MOVE-1": {
        "en": "After attacking, you may move armies between neighbouring territories of "
              "yours.",
        "pt": "Depois de atacar, você pode deslocar exércitos entre territórios seus "
              "vizinhos."},
    "C-MOVE-2": {"en": "Every territory keeps at least 1 army, and that one never moves.",
                 "pt": "Todo território fica com ao menos 1 exército, e esse nunca se move."},
    "C-MOVE-3": {
        "en": "An army moves once per turn: one that arrived by a move stays put until next "
              "turn (armies that arrived by conquest may still move).",
        "pt": "Cada exército se desloca uma vez por turno: quem chegou por deslocamento fica "
              "parado até o próximo turno (quem chegou por conquista ainda pode se mover)."},
    "C-ELIM-1": {"en": "Lose your last territory and you are out of the game.",
                 "pt": "Perdeu o último território, saiu do jogo."},
    "C-ELIM-2": {
        "en": "Whoever eliminates a player takes their cards, up to 5 in hand (drawn blind; "
              "the rest are discarded), and may trade at the end of that turn.",
        "pt": "Quem elimina alguém fica com as cartas dessa pessoa, até ter 5 na mão "
              "(tiradas às cegas; as outras são descartadas), e pode trocar no fim desse "
              "turno."},
    "C-WIN-1": {
        "en": "You win the moment your objective is met. A third continent means any third "
              "whole continent; 18 territories need 2 or more armies each.",
        "pt": "Você vence no instante em que cumpre o objetivo. \"Um terceiro continente\" é "
              "qualquer outro continente inteiro; nos 18 territórios, cada um precisa de 2 ou "
              "mais exércitos."},
    "C-WIN-2": {"en": "The last player left wins.",
                "pt": "Quem sobrar sozinho no jogo vence."},
    # -- SMART --------------------------------------------------------------------------------
    "S-SETUP-1": {
        "en": "\"Paranoia\": every objective is to destroy a colour in play, dealt again "
              "until nobody hunts themselves. Each colour is hunted by exactly one player.",
        "pt": "\"Paranoia\": todo objetivo é destruir uma cor em jogo, distribuídos de novo "
              "até ninguém caçar a si mesmo. Cada cor é caçada por exatamente uma pessoa."},
    "S-SETUP-2": {"en": "Territories are dealt and the first player chosen as in classic War.",
                  "pt": "Territórios distribuídos e primeira pessoa escolhida como no "
                        "clássico."},
    "S-SETUP-3": {
        "en": "With 4 or 5 players, those who got fewer territories play first.",
        "pt": "Com 4 ou 5 pessoas, quem recebeu menos territórios joga antes."},
    "S-TERM-1": {
        "en": "An attack is one territory against one target, over one or more battles; a "
              "battle is one roll. Changing either territory starts a new attack.",
        "pt": "Um ataque é um território contra um alvo, em uma ou mais batalhas; uma "
              "batalha é uma rolagem. Mudar qualquer um dos dois territórios começa outro "
              "ataque."},
    "S-TERM-2": {
        "en": "An active advantage costs a card (discarded, used once). A passive one shows a "
              "card from your hand and lasts the turn while the card stays shown. A card "
              "serves one advantage per turn.",
        "pt": "Uma vantagem ativa custa uma carta (descartada, uso único). Uma passiva "
              "mostra uma carta da mão e vale pelo turno enquanto ela estiver à mostra. Cada "
              "carta serve a uma vantagem por turno."},
    "S-REINF-1": {"en": "Armies for your territories as in classic War (always received).",
                  "pt": "Exércitos pelos territórios como no clássico (sempre recebidos)."},
    "S-REINF-2": {"en": "Trading is never forced, whatever the size of your hand.",
                  "pt": "Trocar nunca é obrigatório, seja qual for o tamanho da mão."},
    "S-REINF-3": {"en": "You may give up continent bonuses to draw cards instead "
                        "(Intelligence).",
                  "pt": "Você pode abrir mão de bônus de continente para comprar cartas "
                        "(Inteligência)."},
    "S-INTEL-1": {
        "en": "Every 2 bonus armies given up buy 1 card; an odd one is lost. Each continent "
              "is given up whole, and the bonuses given up are added before halving.",
        "pt": "Cada 2 exércitos de bônus abertos compram 1 carta; um exército ímpar se "
              "perde. Cada continente é aberto por inteiro, e os bônus abertos são somados "
              "antes de dividir por 2."},
    "S-INTEL-2": {"en": "Cards bought with Intelligence cannot be traded that turn.",
                  "pt": "Cartas compradas com Inteligência não podem ser trocadas no mesmo "
                        "turno."},
    "S-SUPPLY-1": {
        "en": "Nobody has more armies on the board than their pieces allow; extra armies are "
              "not received (off here unless the table sets a number).",
        "pt": "Ninguém tem no tabuleiro mais exércitos do que as peças permitem; o que "
              "passar não é recebido (desligado aqui, a menos que a mesa defina um número)."},
    "S-LIMIT-1": {
        "en": "Round 1: no attacks. Rounds 2, 3 and 4: at most 1, 2 and 3 attacks. From "
              "round 5: no limit. Air attacks count.",
        "pt": "Rodada 1: nenhum ataque. Rodadas 2, 3 e 4: no máximo 1, 2 e 3 ataques. Da "
              "rodada 5 em diante: sem limite. Ataques aéreos contam."},
    "S-AIR-1": {
        "en": "Air attack (active): discard the card of an enemy territory to attack it from "
              "any territory of yours, borders ignored. Coming back later from elsewhere is a "
              "new air attack and costs another card.",
        "pt": "Ataque aéreo (ativa): descarte a carta de um território inimigo para atacá-lo "
              "de qualquer território seu, sem precisar de fronteira. Voltar depois de outro "
              "lugar é um novo ataque aéreo e custa outra carta."},
    "S-TERRAIN-1": {
        "en": "Terrain knowledge (passive): show the card of the territory under attack, even "
              "after the dice are rolled. It holds for every attack on it until the turn ends.",
        "pt": "Conhecimento do terreno (passiva): mostre a carta do território atacado, mesmo "
              "depois de rolar os dados. Vale para todos os ataques a ele até o fim do "
              "turno."},
    "S-TERRAIN-2": {
        "en": "With the attacker's terrain knowledge, ties go to the attacker and the "
              "defender loses 1 more army per battle (but never the last one when nobody "
              "could move in).",
        "pt": "Com o conhecimento do terreno do ataque, o empate é do atacante e a defesa "
              "perde 1 exército a mais por batalha (mas nunca o último quando ninguém poderia "
              "entrar)."},
    "S-TERRAIN-3": {
        "en": "With the defender's terrain knowledge, the defender loses 1 army fewer per "
              "battle; it never saves a lone last army, and the conqueror then takes the "
              "shown card.",
        "pt": "Com o conhecimento do terreno da defesa, a defesa perde 1 exército a menos "
              "por batalha; isso nunca salva o último exército sozinho, e quem conquista leva "
              "a carta mostrada."},
    "S-REROLL-1": {
        "en": "Tactical regroup (active): after a roll, either side may discard a card to "
              "roll some of its own dice again with a higher minimum: an enemy territory's "
              "card, 1 die from 2 up; your own territory's card, 1 or 2 dice from 3 up; a "
              "joker, up to 3 dice from 4 up. The attacker answers first, then the defender, "
              "until both pass.",
        "pt": "Reagrupamento tático (ativa): depois de uma rolagem, qualquer lado pode "
              "descartar uma carta para rolar de novo alguns dos próprios dados com mínimo "
              "maior: carta de território inimigo, 1 dado de 2 para cima; de território seu, "
              "1 ou 2 dados de 3 para cima; coringa, até 3 dados de 4 para cima. O ataque "
              "responde primeiro, depois a defesa, até os dois passarem."},
    "S-CONQ-1": {"en": "After a conquest, move in any number of armies (at least 1, leaving 1).",
                 "pt": "Depois de conquistar, leve quantos exércitos quiser (pelo menos 1, "
                       "deixando 1)."},
    "S-CONQ-2": {"en": "Draw a card right away for every territory you conquer.",
                 "pt": "Compre uma carta na hora para cada território conquistado."},
    "S-CONQ-3": {"en": "If the defender had shown that territory's card, the conqueror takes "
                       "it too.",
                 "pt": "Se a defesa tinha mostrado a carta daquele território, quem conquista "
                       "fica com ela também."},
    "S-MOVE-1": {"en": "Ordinary moves work as in classic War.",
                 "pt": "Os deslocamentos comuns funcionam como no clássico."},
    "S-ALLY-1": {
        "en": "Continental alliance (active): discard the card of a territory in a continent "
              "that is all yours and spread that continent's armies as you like (at least 1 "
              "each). They may still make ordinary moves afterwards.",
        "pt": "Aliança continental (ativa): descarte a carta de um território de um "
              "continente todo seu e redistribua os exércitos dele como quiser (pelo menos 1 "
              "em cada). Eles ainda podem fazer deslocamentos comuns depois."},
    "S-PASS-1": {
        "en": "Hidden passage (passive): show a territory card (not a joker); this turn your "
              "moves may jump straight over that territory, whoever owns it.",
        "pt": "Passagem secreta (passiva): mostre uma carta de território (não coringa); "
              "neste turno seus deslocamentos podem pular direto por cima dele, seja de quem "
              "for."},
    "S-AIRLIFT-1": {
        "en": "Air transport (active): discard the card of a territory of yours and move "
              "armies from it to any territory of yours, or from any to it, leaving 1. They "
              "count as moved.",
        "pt": "Ponte aérea (ativa): descarte a carta de um território seu e leve exércitos "
              "dele para qualquer território seu, ou de qualquer um para ele, deixando 1. "
              "Eles contam como deslocados."},
    "S-END-1": {"en": "At the end of the turn, every shown card goes back to its owner's hand.",
                "pt": "No fim do turno, toda carta mostrada volta para a mão de quem a "
                      "mostrou."},
    "S-END-2": {"en": "The player whose turn ends discards down to 6 cards, as the very last "
                      "step.",
                "pt": "Quem termina o turno descarta até ficar com 6 cartas, como último "
                      "passo."},
    "S-TRADE-1": {
        "en": "Trade 1 to 6 cards at once, in one trade per turn. The cards are split into "
              "groups whose values add up; the game picks the best split and shows it.",
        "pt": "Troque de 1 a 6 cartas de uma vez, uma troca por turno. As cartas são "
              "separadas em grupos cujos valores se somam; o jogo escolhe a melhor divisão e "
              "a mostra."},
    "S-TRADE-2": {"en": "A group of different shapes is worth 1, 3 or 6 (for 1, 2 or 3 cards).",
                  "pt": "Um grupo de figuras diferentes vale 1, 3 ou 6 (com 1, 2 ou 3 "
                        "cartas)."},
    "S-TRADE-3": {"en": "A group of one shape is worth its size squared: 1, 4, 9, 16, 25, 36.",
                  "pt": "Um grupo de uma figura só vale o número de cartas ao quadrado: 1, 4, "
                        "9, 16, 25, 36."},
    "S-TRADE-4": {"en": "Each traded card of a territory you own puts 2 more armies there.",
                  "pt": "Cada carta trocada de um território seu põe 2 exércitos a mais lá."},
    "S-TRADE-5": {
        "en": "A joker is any shape and adds 10 (the first) or 15 (the second): one joker "
              "alone is 11, two are 29, and the best trade of all is 69.",
        "pt": "O coringa vale qualquer figura e soma 10 (o primeiro) ou 15 (o segundo): um "
              "coringa sozinho vale 11, dois valem 29, e a maior troca possível vale 69."},
    "S-TRADE-6": {"en": "Trades do not grow over the game: no table of values.",
                  "pt": "As trocas não crescem ao longo do jogo: não há tabela de valores."},
    "S-WIN-1": {
        "en": "The game ends when the first player is eliminated (the card of that conquest "
              "is drawn first).",
        "pt": "O jogo acaba quando a primeira pessoa é eliminada (a carta dessa conquista é "
              "comprada antes)."},
    "S-WIN-2": {"en": "If that colour was the eliminator's target, the eliminator wins.",
                "pt": "Se aquela cor era o alvo de quem eliminou, quem eliminou vence."},
    "S-WIN-3": {
        "en": "Otherwise the eliminator takes the cards and the winner is, in order: 24 "
              "territories or more; the most territories; the most armies; the most cards; "
              "else everyone tied shares the win.",
        "pt": "Senão, quem eliminou fica com as cartas e vence, nesta ordem: quem tem 24 "
              "territórios ou mais; mais territórios; mais exércitos; mais cartas; se ainda "
              "empatar, a vitória é dividida."},
}
"""Rule ID → what it says, in each language."""
