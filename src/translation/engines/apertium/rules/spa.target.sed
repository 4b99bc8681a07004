# Constructions of Spanish as a target (fr-es, ita-spa, pt-es, eng-spa), over the lexical units the
# transfer wrote, before the generator. Written for this service (issue 33); sed -E, one request
# per line (-z). Each rule: what it rewrites, and what came out before.

# French "j'ai mal au ventre", "j'ai mal aux dents" came out as "he mal al vientre" (haber + mal):
# Spanish says "me duele el vientre", "me duelen los dientes"; the verb agrees with the noun.
s/\^Haber<vbhaver><([a-z]+)><p1><sg>\$ \^mal<adv>\$ \^a<pr>\$ (\^el<det><def><[mf]+><(sg|pl)>\$)/^Me<prn><pro><p1><mf><sg>$ ^doler<vblex><\1><p3><\3>$ \2/g
s/\^haber<vbhaver><([a-z]+)><p1><sg>\$ \^mal<adv>\$ \^a<pr>\$ (\^el<det><def><[mf]+><(sg|pl)>\$)/^me<prn><pro><p1><mf><sg>$ ^doler<vblex><\1><p3><\3>$ \2/g
s/\^([Hh])aber<vbhaver><([a-z]+)><p3><sg>\$ \^mal<adv>\$ \^a<pr>\$ (\^el<det><def><[mf]+><(sg|pl)>\$)/^\1le<prn><pro><p3><mf><sg>$ ^doler<vblex><\2><p3><\4>$ \3/g
s/\^Hle<prn>/^Le<prn>/g
s/\^hle<prn>/^le<prn>/g

# Italian "mi fa male il ginocchio" came out as "me hace mal la rodilla": "me duele la rodilla".
s/(\^[Mm]e<prn><pro><p1><mf><sg>\$ )\^hacer<vblex><([a-z]+)><p3><(sg|pl)>\$ \^mal<adv>\$/\1^doler<vblex><\2><p3><\3>$/g
s/(\^[Ll]e<prn><pro><p3><mf><sg>\$ )\^hacer<vblex><([a-z]+)><p3><(sg|pl)>\$ \^mal<adv>\$/\1^doler<vblex><\2><p3><\3>$/g

# Italian "ho mal di testa" came out as "he mal de cabeza" (avere as haber, "mal" unknown):
# "tengo dolor de cabeza".
s/\^([Hh])aber<vbhaver><([a-z]+)><(p[123])><(sg|pl)>\$ \^\*?mal(<n><m><sg>|<adv>)?\$ \^de<pr>\$/^\1aber<vblex><\2><\3><\4>$ ^dolor<n><m><sg>$ ^de<pr>$/g
s/\^Haber<vblex>/^Tener<vblex>/g
s/\^haber<vblex>/^tener<vblex>/g

# French "j'ai arrêté de fumer" came out as "he arrestado de fumar" (arrested): "arrêter de" +
# infinitive is "dejar de".
s/\^([Aa])rrestar<vblex>([^$]*)\$ \^de<pr>\$ (\^[^$<]+<vblex><inf>\$)/^\1rrestar<dejar>\2$ ^de<pr>$ \3/g
s/\^Arrestar<dejar>/^Dejar<vblex>/g
s/\^arrestar<dejar>/^dejar<vblex>/g
