# Constructions of Spanish as a source (spa-eng, es-fr, es-pt_BR, spa-ita, and the second step of
# every pivot), over the tagged lexical units, before the transfer. Written for this service
# (issue 33); sed -E, one request per line (-z). Each rule: what it rewrites, and what came out before.

# "estoy con fiebre", "está con mucha tos": "estar con" + a symptom is "tener" ("I am with
# fever"). With a determiner it stays "with" ("estoy con mi hija"): only a bare noun, a quantity
# or an indefinite article follows here.
s/\^([Ee])star<vblex><([a-z]+)><(p[123])><(sg|pl)>\$ \^con<pr>\$ (\^[^$<]+<(n|adj|num|det><ind|det><qnt)>|\[)/^\1star<tener><\2><\3><\4>$ \5/g
s/\^Estar<tener>/^Tener<vblex>/g
s/\^estar<tener>/^tener<vblex>/g
