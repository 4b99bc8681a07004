# Constructions of French as a source (fr-es, and so French into English, Portuguese and Italian
# through Spanish), over the tagged lexical units, before the transfer. Written for this service
# (issue 33); sed -E, one request per line (-z). Each rule: what it rewrites, and what came out before.

# "j'ai du mal à respirer" came out as "I have harm to breathe": "avoir du mal à" + infinitive
# is having difficulty ("tengo dificultad para", "I have difficulty to breathe").
s/(\^[Aa]voir<(vblex|vbhaver)>[^$]*\$ )\^de<pr>\+le<det><def><m><sg>\$ \^mal<n><m><sg>\$ \^à<pr>\$ (\^[^$<]+<vblex><inf>\$)/\1^difficulté<n><f><sg>$ ^pour<pr>$ \3/g

# "j'ai de la fièvre", "je prends du paracétamol", "je bois de l'eau": the partitive article came
# out as "de la", "of the" ("My son has of the fever"); Spanish and English say none.
s/(\^[Aa]voir<(vblex|vbhaver)>[^$]*\$ |\^[Pp]rendre<vblex>[^$]*\$ |\^[Bb]oire<vblex>[^$]*\$ |\^[Mm]anger<vblex>[^$]*\$ )(\^[^$<]+<adv>\$ )?\^de<pr>\+le<det><def><[mf]+><sg>\$ /\1\3/g
s/(\^[Aa]voir<(vblex|vbhaver)>[^$]*\$ |\^[Pp]rendre<vblex>[^$]*\$ |\^[Bb]oire<vblex>[^$]*\$ |\^[Mm]anger<vblex>[^$]*\$ )(\^[^$<]+<adv>\$ )?\^de<pr>\$ \^le<det><def><[mf]+><sg>\$ /\1\3/g
# The same before a clinical term (a superblank), where the tagger reads "la" as a pronoun.
s/(\^[Aa]voir<(vblex|vbhaver)>[^$]*\$ |\^[Pp]rendre<vblex>[^$]*\$ |\^[Bb]oire<vblex>[^$]*\$ |\^[Mm]anger<vblex>[^$]*\$ )(\^[^$<]+<adv>\$ )?\^de<pr>\$ \^le<prn><pro><p3><[mf]+><sg>\$ \[/\1\3[/g

# "j'ai mal à la tête" came out as "I have badly at the front": after "mal", "à la tête" is the
# head that hurts, not the pair's adverb "at the head of" (al frente).
s/(\^mal<(adv|n><m><sg)>\$ )\^à la tête<adv>\$/\1^à<pr>$ ^le<det><def><f><sg>$ ^tête<n><f><sg>$/g
